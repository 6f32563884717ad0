/**
 * Decodes any audio ffmpeg reads (wav, mp3, m4a/aac, ogg/opus, webm, flac, ...) into mono float
 * samples at the rate a recogniser expects.
 */
import { SERVER_MESSAGES } from '@ai-tools/contracts';
import { runEngineProcess } from '../child-process.ts';

export interface DecodeRequest {
  path: string;
  sampleRate: number;
  /** Decoding stops here, so a file that hides its length cannot fill the memory. */
  maxSeconds: number;
  signal?: AbortSignal;
}

export async function decodeToSamples(request: DecodeRequest): Promise<Float32Array> {
  const { path, sampleRate, maxSeconds, signal } = request;
  const output = await runEngineProcess(
    'ffmpeg',
    [
      '-nostdin',
      '-hide_banner',
      '-loglevel',
      'error',
      '-i',
      path,
      '-t',
      String(maxSeconds),
      '-vn',
      '-ac',
      '1',
      '-ar',
      String(sampleRate),
      '-f',
      'f32le',
      'pipe:1',
    ],
    { signal, failureMessage: SERVER_MESSAGES.audioProcessingFailed },
  );
  const sampleCount = Math.floor(output.length / 4);
  // A large Buffer owns its whole memory, so it can be viewed as floats without a copy; a small
  // one may sit, unaligned, in Node's shared pool, which an engine must never see.
  if (output.byteOffset === 0 && output.buffer.byteLength === sampleCount * 4) {
    return new Float32Array(output.buffer, 0, sampleCount);
  }
  const samples = new Float32Array(sampleCount);
  new Uint8Array(samples.buffer).set(output.subarray(0, sampleCount * 4));
  return samples;
}
