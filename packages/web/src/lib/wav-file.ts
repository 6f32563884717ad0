/**
 * The WAV file of a streamed speech answer (speech-file.ts): what the server's own encoder writes,
 * a 44-byte header, then the 16-bit mono samples the pieces carried.
 */
import { BYTES_PER_SAMPLE, pieceSamples, type SpeechFileFromPieces } from './piece-samples.ts';

const HEADER_BYTES = 44;
const FORMAT_CHUNK_BYTES = 16;
const PCM_FORMAT = 1;
const CHANNELS = 1;

export function collectWavPieces(): SpeechFileFromPieces {
  const parts: Uint8Array<ArrayBuffer>[] = [];
  const sampleRates = new Set<number>();
  return {
    add(piece) {
      const samples = pieceSamples(piece);
      if (!samples) return;
      parts.push(samples);
      sampleRates.add(piece.sampleRate);
    },
    file() {
      const [sampleRate] = sampleRates;
      if (parts.length === 0 || sampleRates.size !== 1 || sampleRate === undefined) {
        return Promise.resolve(null);
      }
      const dataBytes = parts.reduce((total, part) => total + part.length, 0);
      return Promise.resolve(
        new Blob([wavHeader(dataBytes, sampleRate), ...parts], { type: 'audio/wav' }),
      );
    },
  };
}

/** RIFF/WAVE header of one `fmt ` chunk (PCM, mono, 16-bit) and one `data` chunk. */
function wavHeader(dataBytes: number, sampleRate: number): Uint8Array<ArrayBuffer> {
  const header = new Uint8Array(HEADER_BYTES);
  const view = new DataView(header.buffer);
  const text = (offset: number, value: string) =>
    [...value].forEach((character, index) =>
      view.setUint8(offset + index, character.charCodeAt(0)),
    );
  text(0, 'RIFF');
  view.setUint32(4, HEADER_BYTES - 8 + dataBytes, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, FORMAT_CHUNK_BYTES, true);
  view.setUint16(20, PCM_FORMAT, true);
  view.setUint16(22, CHANNELS, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * CHANNELS * BYTES_PER_SAMPLE, true);
  view.setUint16(32, CHANNELS * BYTES_PER_SAMPLE, true);
  view.setUint16(34, 8 * BYTES_PER_SAMPLE, true);
  text(36, 'data');
  view.setUint32(40, dataBytes, true);
  return header;
}
