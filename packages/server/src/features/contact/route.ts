import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  CONTACT_MESSAGES,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  contactMessageSchema,
  contactResponseSchema,
  errorResponseSchemas,
  type ContactResponse,
} from '@ai-tools/contracts';
import { sendContactMessage } from './service.ts';
import { ValidationError } from '../../errors.ts';

export async function contactRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    API_PATHS.sendMessage,
    {
      schema: {
        body: contactMessageSchema,
        response: { 200: contactResponseSchema, ...errorResponseSchemas },
      },
    },
    async (request): Promise<ContactResponse> => {
      const message = request.body;
      const idempotencyKey = request.headers[IDEMPOTENCY_KEY_HEADER];
      if (
        idempotencyKey !== undefined &&
        (typeof idempotencyKey !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey))
      ) {
        throw new ValidationError(CONTACT_MESSAGES.idempotencyKeyInvalid);
      }
      await sendContactMessage(
        message,
        { db: app.database.db, mailer: app.contactMailer, log: request.log },
        idempotencyKey,
      );
      return { success: true, message: CONTACT_MESSAGES.sent };
    },
  );
}

/** The tool's routes, registered by routes/index.ts for its descriptor (ADR 054). */
export default contactRoutes;
