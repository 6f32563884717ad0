/** The contact form's descriptor (tool-descriptor.ts): a page of its own, without a tool card. */
import type { ToolDescriptor } from '../../tool-descriptor.ts';
import { CONTACT_LIMITS } from './facts.ts';
import { CONTACT_MESSAGES } from './messages.ts';

const API_PATHS = { sendMessage: '/api/contact/send_message' } as const;

export const CONTACT_TOOL = {
  folder: 'contact',
  name: 'Contact',
  page: {
    path: '/contact',
    title: 'Contact Us | Free AI Tools',
    description:
      'Get in touch with the team behind our free AI tools: e-mail, WhatsApp, phone or the contact form.',
  },
  apiPaths: API_PATHS,
  rateLimit: { perMinute: 5, setting: 'RATE_LIMIT_CONTACT', paths: [API_PATHS.sendMessage] },
  limits: CONTACT_LIMITS,
  messages: CONTACT_MESSAGES,
  genericErrors: [CONTACT_MESSAGES.failed],
} as const satisfies ToolDescriptor;
