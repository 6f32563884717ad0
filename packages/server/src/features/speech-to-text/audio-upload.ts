/**
 * Multipart uploads for speech to text: one file in the form field 'file', at most
 * LIMITS.uploadMaxBytes (25 MB, as OpenAI's own transcription API) for the direct call, and the
 * operator's LONG_UPLOAD_MAX_BYTES for a long recording's job.
 */
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIMITS, SPEECH_UPLOAD_FIELD, SPEECH_TO_TEXT_MESSAGES } from '@ai-tools/contracts';
import type { ReceivedUpload } from './service.ts';
import {
  GenerationAbortedError,
  UploadTooLargeError,
  UploadTooSlowError,
  ValidationError,
} from '../../errors.ts';

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
 * Checks that the request carries the file and hands it over unread (a body that is not multipart
 * never gets here: plugins/body-types.ts answers it 415 before it is read). Nothing is built on the
 * file's stream here: a stream made now (a size check piped from it, say) would sit with no
 * 'error' listener until the service has its temporary folder, and a cut-off upload failing in
 * that gap was an uncaught exception that stopped the whole server. Every stream is made and
 * listened to in `saveTo`, in one step.
 */
export interface UploadLimit {
  maxBytes: number;
  /** The 413's message for a file past it. */
  tooLargeMessage: string;
}

const DIRECT_UPLOAD_LIMIT: UploadLimit = {
  maxBytes: LIMITS.uploadMaxBytes,
  tooLargeMessage: SPEECH_TO_TEXT_MESSAGES.fileTooLarge,
};

export async function receiveAudioUpload(
  request: FastifyRequest,
  limit: UploadLimit = DIRECT_UPLOAD_LIMIT,
): Promise<ReceivedUpload> {
  const parts = request.parts({ limits: { fileSize: limit.maxBytes } });
  const fields: Record<string, string> = {};
  let part: MultipartFile | undefined;
  try {
    part = await nextFile(parts, fields);
  } catch (error) {
    if (isUploadLimit(error)) throw inWords(error, limit);
    throw new ValidationError(SPEECH_TO_TEXT_MESSAGES.uploadNotMultipart);
  }
  if (!part || part.fieldname !== SPEECH_UPLOAD_FIELD) {
    part?.file.resume();
    throw new ValidationError(SPEECH_TO_TEXT_MESSAGES.uploadMissing);
  }
  const source = part.file;
  return {
    fields,
    async saveTo(path, signal) {
      const destination = createWriteStream(path, { mode: 0o600 });
      // Whichever side fails first decides whose fault it is: pipeline() then destroys the other
      // side with the same error. The parser may have failed the upload before saveTo was called.
      let uploadFailedFirst = source.destroyed;
      let diskFailedFirst = false;
      source.once('error', () => {
        uploadFailedFirst ||= !diskFailedFirst;
      });
      destination.once('error', () => {
        diskFailedFirst ||= !uploadFailedFirst;
      });
      try {
        await pipeline(source, destination, { signal });
      } catch (error) {
        // A visitor who leaves mid-upload is not a server failure.
        if (signal?.aborted) throw new GenerationAbortedError();
        if (diskFailedFirst) throw error;
        // The connection policy stopped an upload that came too slowly.
        if (source.errored instanceof UploadTooSlowError) throw source.errored;
        // The multipart parser's errors (a body cut short, a missing closing boundary, a broken
        // part) are the upload's.
        throw new ValidationError(SPEECH_TO_TEXT_MESSAGES.uploadIncomplete);
      }
      // Past the size limit the parser stops passing data on but reads the upload to its end, so
      // the visitor gets this answer rather than a reset connection.
      if (source.truncated) throw new UploadTooLargeError(limit.tooLargeMessage);
      // The file's own end is not enough: a body cut off after it, before its closing boundary,
      // is an incomplete upload too.
      try {
        await readToEnd(parts, fields);
      } catch (error) {
        if (isUploadLimit(error)) throw inWords(error, limit);
        throw new ValidationError(SPEECH_TO_TEXT_MESSAGES.uploadIncomplete);
      }
    },
  };
}

/**
 * A limit the upload ran into, answered as it is: the multipart reader's 413s, and the connection
 * policy's 408 for an upload that arrives too slowly (plugins/connection-limits.ts).
 */
function isUploadLimit(error: unknown): boolean {
  return (
    error instanceof UploadTooSlowError ||
    (error as { statusCode?: number } | null)?.statusCode === 413
  );
}

/** The multipart reader's "file too large" in the words of the limit the route set. */
function inWords(error: unknown, limit: UploadLimit): unknown {
  if ((error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE') {
    return new UploadTooLargeError(limit.tooLargeMessage);
  }
  return error;
}

type Parts = ReturnType<FastifyRequest['parts']>;

/**
 * The next file part; the form fields before it go into `fields`. The iterator stays open for the
 * rest.
 */
async function nextFile(
  parts: Parts,
  fields: Record<string, string>,
): Promise<MultipartFile | undefined> {
  for (let next = await parts.next(); !next.done; next = await parts.next()) {
    if (next.value.type === 'file') return next.value;
    keepField(next.value, fields);
  }
  return undefined;
}

/**
 * Reads the parts after the file to the body's end, keeping its form fields; fails if the body is
 * broken.
 */
async function readToEnd(parts: Parts, fields: Record<string, string>): Promise<void> {
  for (let next = await parts.next(); !next.done; next = await parts.next()) {
    if (next.value.type === 'file') next.value.file.resume();
    else keepField(next.value, fields);
  }
}

/** A text field's value; the first of a repeated name wins. */
function keepField(field: { fieldname: string; value: unknown }, fields: Record<string, string>) {
  if (typeof field.value === 'string' && !(field.fieldname in fields)) {
    fields[field.fieldname] = field.value;
  }
}
