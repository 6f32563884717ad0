/**
 * Each route takes one kind of body: JSON, or multipart where its schema says so (`consumes:
 * ['multipart/form-data']`, the upload). A body of the other kind is a 415 that says what to send,
 * refused before any of it is read. Without this, the multipart reader (registered for the upload)
 * would let an upload through to a JSON route, answered 400 "must be a JSON object", and the
 * upload route would answer a text body with "Send JSON".
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SERVER_MESSAGES, SPEECH_TO_TEXT_MESSAGES } from '@ai-tools/contracts';
import { UnsupportedMediaTypeError } from '../errors.ts';

const MULTIPART = 'multipart/form-data';

/** From the header: `isMultipart()` is only known once the body reader has run. */
function sendsMultipart(request: FastifyRequest): boolean {
  return /^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '');
}

function takesMultipart(request: FastifyRequest): boolean {
  return request.routeOptions.schema?.consumes?.includes(MULTIPART) ?? false;
}

export function registerBodyTypes(app: FastifyInstance) {
  // Before the body is read, after onRequest: the route's rate limit counts a refused body too.
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (request.method !== 'POST') return payload;
    const multipartRoute = takesMultipart(request);
    if (multipartRoute && !sendsMultipart(request)) {
      throw new UnsupportedMediaTypeError(SPEECH_TO_TEXT_MESSAGES.uploadNotMultipart);
    }
    if (!multipartRoute && sendsMultipart(request)) {
      throw new UnsupportedMediaTypeError(SERVER_MESSAGES.unsupportedContentType);
    }
    return payload;
  });
}
