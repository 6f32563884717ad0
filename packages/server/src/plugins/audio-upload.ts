/**
 * Multipart uploads for speech to text: one file in the form field 'file', at most
 * LIMITS.uploadMaxBytes (25 MB, as OpenAI's own transcription API).
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { API_MESSAGES, LIMITS, SPEECH_UPLOAD_FIELD, TOOL_MESSAGES } from '@ai-tools/contracts';
import { ValidationError } from './validation.ts';

export class UploadTooLargeError extends Error {
  readonly statusCode = 413;
  constructor() {
    super(TOOL_MESSAGES.fileTooLarge);
    this.name = 'UploadTooLargeError';
  }
}

export async function registerMultipart(app: FastifyInstance) {
  await app.register(multipart, {
    limits: {
      fileSize: LIMITS.uploadMaxBytes,
      files: 1,
      fields: 10,
      fieldSize: 1024,
      parts: 20,
    },
  });
}

/**
 * The uploaded file as a stream. Past the size limit the stream fails with a 413 once the upload
 * has been received, so the visitor gets the answer rather than a reset connection.
 */
export async function receiveAudioUpload(request: FastifyRequest): Promise<Readable> {
  if (!request.isMultipart()) throw new ValidationError(API_MESSAGES.uploadNotMultipart);
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file();
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 413) throw error;
    throw new ValidationError(API_MESSAGES.uploadNotMultipart);
  }
  if (!part || part.fieldname !== SPEECH_UPLOAD_FIELD) {
    part?.file.resume();
    throw new ValidationError(API_MESSAGES.uploadMissing);
  }
  const source = part.file;
  const checked = new Transform({
    transform(chunk, _encoding, callback) {
      callback(null, chunk);
    },
    flush(callback) {
      callback(source.truncated ? new UploadTooLargeError() : null);
    },
  });
  source.on('error', (error) => checked.destroy(error));
  return source.pipe(checked);
}
