/** The contact form's message and answer, checked in the browser and again by the server. */
import { z } from 'zod';
import { requiredText } from '../../schema-parts.ts';
import { SERVER_MESSAGES } from '../../messages.ts';
import { CONTACT_HONEYPOT_FIELD, CONTACT_LIMITS } from './facts.ts';
import { CONTACT_MESSAGES } from './messages.ts';

export const contactMessageSchema = z.object(
  {
    name: requiredText(
      CONTACT_MESSAGES.nameRequired,
      CONTACT_LIMITS.contactNameMaxLength,
      CONTACT_MESSAGES.nameTooLong,
    ),
    email: requiredText(
      CONTACT_MESSAGES.emailRequired,
      CONTACT_LIMITS.contactEmailMaxLength,
      CONTACT_MESSAGES.emailInvalid,
    ).pipe(z.email(CONTACT_MESSAGES.emailInvalid)),
    subject: requiredText(
      CONTACT_MESSAGES.subjectRequired,
      CONTACT_LIMITS.contactSubjectMaxLength,
      CONTACT_MESSAGES.subjectTooLong,
    ),
    message: requiredText(
      CONTACT_MESSAGES.messageRequired,
      CONTACT_LIMITS.contactMessageMaxLength,
      CONTACT_MESSAGES.messageTooLong,
    ).min(CONTACT_LIMITS.contactMessageMinLength, CONTACT_MESSAGES.messageTooShort),
    /** Honeypot: hidden from people, so any value marks a bot. */
    [CONTACT_HONEYPOT_FIELD]: z.string().optional(),
  },
  { error: SERVER_MESSAGES.bodyMustBeObject },
);
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type ContactResponse = z.infer<typeof contactResponseSchema>;
