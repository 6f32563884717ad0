/**
 * Forwards stored contact messages by e-mail through SMTP_URL (nodemailer). Short timeouts: a slow
 * mail server must not keep the visitor waiting long, and the message is already stored anyway.
 */
import type { FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { NewContactMessage } from './contact-messages.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Unset when SMTP_URL is not: messages are then only stored. */
    contactMailer: ContactMailer | undefined;
  }
}

export interface ContactMailer {
  forward(message: NewContactMessage, receivedAt: Date): Promise<void>;
  close(): void;
}

const SMTP_TIMEOUT_MS = 10_000;

function createContactMailer(
  config: Pick<Config, 'SMTP_URL' | 'CONTACT_MAIL_TO' | 'CONTACT_MAIL_FROM'>,
  onTransportError: (error: Error) => void,
): ContactMailer | undefined {
  const { SMTP_URL: url, CONTACT_MAIL_TO: to } = config;
  if (!url || !to) return undefined;
  const from = config.CONTACT_MAIL_FROM ?? to;
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  // The transport is an emitter: a pooled connection (`?pool=true` in SMTP_URL) or an OAuth2
  // token refresh can fail between messages, and an 'error' nobody listens to stops the process.
  transport.on('error', onTransportError);
  return {
    async forward(message, receivedAt) {
      await transport.sendMail({
        from,
        to,
        replyTo: { name: message.name, address: message.email },
        subject: `Contact form: ${message.subject}`,
        text: [
          `From: ${message.name} <${message.email}>`,
          `Received: ${receivedAt.toISOString()}`,
          `Subject: ${message.subject}`,
          '',
          message.message,
        ].join('\n'),
      });
    },
    close: () => transport.close(),
  };
}

export function registerContactMailer(
  app: FastifyInstance,
  config: Pick<Config, 'SMTP_URL' | 'CONTACT_MAIL_TO' | 'CONTACT_MAIL_FROM'>,
) {
  const mailer = createContactMailer(config, (error) =>
    app.log.warn({ code: (error as { code?: string }).code ?? 'unknown' }, 'SMTP transport error'),
  );
  app.decorate('contactMailer', mailer);
  if (mailer) app.addHook('onClose', async () => mailer.close());
}
