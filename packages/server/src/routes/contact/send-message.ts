import type { FastifyInstance } from 'fastify';
import {
  API_PATHS,
  CONTACT_MESSAGES,
  contactMessageSchema,
  type ContactResponse,
} from '@ai-tools/contracts';
import { parseWith } from '../../plugins/validation.ts';
import { sendContactMessage } from '../../services/contact.ts';

export async function contactRoutes(app: FastifyInstance) {
  app.post(API_PATHS.sendMessage, async (request): Promise<ContactResponse> => {
    const message = parseWith(contactMessageSchema, request.body);
    await sendContactMessage(message, {
      db: app.database.db,
      mailer: app.contactMailer,
      log: request.log,
    });
    return { success: true, message: CONTACT_MESSAGES.sent };
  });
}
