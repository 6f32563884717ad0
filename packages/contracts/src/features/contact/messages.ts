/**
 * Everything the contact form and its API call say (docs/product.md sections 4, 5 and 8). Plain
 * values, free of zod, so the website's first load may use them.
 */
import { CONTACT_LIMITS } from './facts.ts';

export const CONTACT_MESSAGES = {
  nameRequired: 'Please enter your name',
  nameTooLong: `Name must be at most ${CONTACT_LIMITS.contactNameMaxLength} characters.`,
  emailRequired: 'Please enter your email',
  emailInvalid: 'Invalid email format',
  subjectRequired: 'Please enter the subject',
  subjectTooLong: `Subject must be at most ${CONTACT_LIMITS.contactSubjectMaxLength} characters.`,
  messageRequired: 'Please Enter Your Message',
  messageTooShort: 'Message must be at least 10 characters long',
  messageTooLong: `Message must be at most ${CONTACT_LIMITS.contactMessageMaxLength} characters long.`,
  sendMessage: 'Send Message',
  sending: 'Sending...',
  sent: 'Message sent successfully!',
  /** The form's default error. */
  failed: 'Failed to send message',
  idempotencyKeyInvalid:
    'The Idempotency-Key header must be 1 to 200 visible characters (letters, digits and - _ . : are fine).',
  idempotencyKeyReused:
    'This Idempotency-Key was already used for a different message. Send a new message with a new key.',
} as const;
