import type { FastifyReply, FastifyRequest } from 'fastify';
import { writerContext, type WriterContext } from '../services/writing.ts';
import { abortSignalFor } from './abort-signal.ts';

/** What the three writer routes hand their service: the text engine, the abort signal, the deadline. */
export function writerContextFor(request: FastifyRequest, reply: FastifyReply): WriterContext {
  const { providers, config } = request.server;
  return writerContext(providers.text, abortSignalFor(request, reply), config.WRITER_TIMEOUT_MS);
}
