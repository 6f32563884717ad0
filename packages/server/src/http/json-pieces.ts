/**
 * A JSON answer that carries a large file as base64 (text to speech's `audioBase64`), written a
 * piece at a time. Built as one string, a 12-minute WAV was 48 MB of base64, then the JSON text
 * around it, then the bytes sent: three copies at once of what the socket takes slice by slice
 * (ADR 046). Here only the file itself is held; its base64 is made one slice at a time as the
 * answer is written, and the rest of the JSON is made once, small.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** Bytes encoded per piece: a multiple of 3, so the pieces' base64 joins without padding. */
const BYTES_PER_PIECE = 3 * 64 * 1024;

export class JsonPieces {
  /** The answer's length in bytes, known before any piece is made. */
  readonly byteLength: number;

  private constructor(
    private readonly head: string,
    private readonly file: Buffer,
    private readonly tail: string,
  ) {
    this.byteLength =
      Buffer.byteLength(head) + Math.ceil(file.length / 3) * 4 + Buffer.byteLength(tail);
  }

  /**
   * The JSON text of `makeAnswer(slot)`, with the base64 of `file` where the answer has the
   * string `slot`.
   */
  static withBase64(file: Buffer, makeAnswer: (slot: string) => object): JsonPieces {
    const slot = randomUUID();
    const text = JSON.stringify(makeAnswer(slot));
    const quoted = JSON.stringify(slot);
    const at = text.indexOf(quoted);
    if (at < 0) throw new Error('The answer has no place for the file.');
    return new JsonPieces(`${text.slice(0, at)}"`, file, `"${text.slice(at + quoted.length)}`);
  }

  *pieces(): Generator<string> {
    yield this.head;
    for (let start = 0; start < this.file.length; start += BYTES_PER_PIECE) {
      yield this.file.toString(
        'base64',
        start,
        Math.min(start + BYTES_PER_PIECE, this.file.length),
      );
    }
    yield this.tail;
  }
}

/** Sends the pieces as the JSON answer, each made when the socket has taken the one before. */
export function sendJsonPieces(reply: FastifyReply, json: JsonPieces): FastifyReply {
  return reply
    .type('application/json; charset=utf-8')
    .header('content-length', String(json.byteLength))
    .send(Readable.from(json.pieces(), { objectMode: false }));
}
