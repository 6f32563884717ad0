import type { FastifyInstance } from 'fastify';
import {
  API_PATHS,
  CONTACT_MESSAGES,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  SERVER_MESSAGES,
  contactMessageSchema,
  type ContactResponse,
} from '@ai-tools/contracts';
import { parseWith, ValidationError } from '../../plugins/validation.ts';
import { sendContactMessage } from '../../services/contact.ts';

export async function contactRoutes(app: FastifyInstance) {
  app.post(API_PATHS.sendMessage, async (request): Promise<ContactResponse> => {
    const message = parseWith(contactMessageSchema, request.body);
    const idempotencyKey = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (
      idempotencyKey !== undefined &&
      (typeof idempotencyKey !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey))
    ) {
      throw new ValidationError(SERVER_MESSAGES.idempotencyKeyInvalid);
    }
    await sendContactMessage(
      message,
      { db: app.database.db, mailer: app.contactMailer, log: request.log },
      idempotencyKey,
    );
    return { success: true, message: CONTACT_MESSAGES.sent };
  });
}
