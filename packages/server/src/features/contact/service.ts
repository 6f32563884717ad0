/**
 * Contact messages: stored first, and only then is the visitor told it was sent. A filled honeypot
 * gets the same answer and nothing is stored. The e-mail copy is a convenience: its failure is
 * logged and never loses the stored message or fails the request.
 */
import { isDeepStrictEqual } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { CONTACT_HONEYPOT_FIELD, CONTACT_MESSAGES, type ContactMessage } from '@ai-tools/contracts';
import {
  findContactMessageByIdempotencyKey,
  insertContactMessage,
  insertContactMessageOnce,
} from './contact-messages.ts';
import { ConflictError } from '../../errors.ts';
import type { DatabaseSchema } from '../../db/database.ts';
import type { ContactMailer } from './contact-mail.ts';

export interface ContactDependencies {
  db: Kysely<DatabaseSchema>;
  mailer?: ContactMailer;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/**
 * `idempotencyKey`: the client's Idempotency-Key. A retry with a key already stored gets the same
 * success, and nothing is stored or forwarded twice; a different message under a used key is a
 * 409, never a success for a message that was not stored.
 */
export async function sendContactMessage(
  input: ContactMessage,
  { db, mailer, log }: ContactDependencies,
  idempotencyKey?: string,
): Promise<void> {
  if (input[CONTACT_HONEYPOT_FIELD]) {
    log.info('contact message dropped: the honeypot field was filled');
    return;
  }
  const message = {
    name: input.name,
    email: input.email,
    subject: input.subject,
    message: input.message,
  };
  const receivedAt = new Date();
  const id =
    idempotencyKey === undefined
      ? await insertContactMessage(db, message, receivedAt)
      : await insertContactMessageOnce(db, message, idempotencyKey, receivedAt);
  if (id === undefined && idempotencyKey !== undefined) {
    // Nothing was stored: the key was, with this message (a retry) or with another one.
    const stored = await findContactMessageByIdempotencyKey(db, idempotencyKey);
    if (!isDeepStrictEqual({ ...stored }, message)) {
      throw new ConflictError(CONTACT_MESSAGES.idempotencyKeyReused);
    }
    log.info('contact message retried: already stored under its Idempotency-Key');
    return;
  }
  log.info({ id, messageCharacters: message.message.length }, 'contact message stored');

  if (!mailer) return;
  try {
    await mailer.forward(message, receivedAt);
  } catch (error) {
    // Only the kind of failure: the error text of a mail server may quote the message.
    const code = (error as { code?: string }).code ?? 'unknown';
    log.warn({ id, code }, 'contact message stored, but forwarding it by e-mail failed');
  }
}
