/**
 * The MP3 file of a streamed speech answer (speech-file.ts, ADR 058), encoded on the page with
 * lamejs, LAME in JavaScript, at the server's own bitrate. Each piece is encoded as it arrives, so
 * the work is spread over the speech and the file is ready soon after the last piece. The encoder
 * is loaded on first use, in its own chunk, and never for a page that does not make an MP3.
 */
import { MEDIA_TYPES, MP3_KILOBITS_PER_SECOND } from '@ai-tools/contracts';
import { BYTES_PER_SAMPLE, pieceSamples, type SpeechFileFromPieces } from './piece-samples.ts';

const CHANNELS = 1;

export function collectMp3Pieces(): SpeechFileFromPieces {
  const encoderModule = import('@breezystack/lamejs');
  const frames: Uint8Array[] = [];
  let encoder: { encodeBuffer(samples: Int16Array): Uint8Array; flush(): Uint8Array } | undefined;
  let sampleRate: number | undefined;
  let sound = false;
  let failed = false;
  // Pieces are encoded one after another, in the order they came.
  let encoding: Promise<void> = Promise.resolve();

  return {
    add(piece) {
      const samples = pieceSamples(piece);
      if (!samples) return;
      if (sampleRate !== undefined && piece.sampleRate !== sampleRate) failed = true;
      sampleRate ??= piece.sampleRate;
      sound = true;
      const rate = sampleRate;
      encoding = encoding.then(async () => {
        if (failed) return;
        const { Mp3Encoder } = await encoderModule;
        encoder ??= new Mp3Encoder(CHANNELS, rate, MP3_KILOBITS_PER_SECOND);
        const sampleCount = samples.length / BYTES_PER_SAMPLE;
        frames.push(
          encoder.encodeBuffer(new Int16Array(samples.buffer, samples.byteOffset, sampleCount)),
        );
      });
      // A failed encoder (its chunk not loaded, a rate LAME refuses) leaves no file, not a
      // broken one; the next piece is not encoded after it.
      encoding = encoding.catch(() => {
        failed = true;
      });
    },
    async file() {
      await encoding;
      if (!sound || failed || !encoder) return null;
      frames.push(encoder.flush());
      return new Blob(
        frames.map((frame) => new Uint8Array(frame)),
        { type: MEDIA_TYPES.mp3 },
      );
    },
  };
}
