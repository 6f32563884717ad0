/**
 * Test doubles of the speech provider interfaces, and helpers that make and inspect real audio
 * with ffmpeg, so the encoding and decoding code is checked for real.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  SpeechSynthesisRequest,
  SpeechSynthesizer,
  Transcriber,
  TranscriptionRequest,
} from '../../src/providers/types.ts';
import type { Providers } from '../../src/providers/types.ts';
import { unavailableEngine } from '../../src/providers/unavailable.ts';

export const DOUBLE_SAMPLE_RATE = 24_000;
/** Seconds of tone the synthesizer double makes per character of text. */
export const SECONDS_PER_CHARACTER = 0.01;

/** A 440 Hz sine wave as mono 16-bit little-endian PCM. */
export function sinePcm(seconds: number, sampleRate = DOUBLE_SAMPLE_RATE): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const pcm = Buffer.alloc(samples * 2);
  for (let index = 0; index < samples; index += 1) {
    const value = Math.round(Math.sin((2 * Math.PI * 440 * index) / sampleRate) * 12_000);
    pcm.writeInt16LE(value, index * 2);
  }
  return pcm;
}

export interface SynthesizerDouble extends SpeechSynthesizer {
  requests: SpeechSynthesisRequest[];
}

/** Speaks every chunk as a tone whose length follows the text's length. */
export function sineSynthesizer(maxCharactersPerChunk?: number): SynthesizerDouble {
  const requests: SpeechSynthesisRequest[] = [];
  return {
    requests,
    maxCharactersPerChunk,
    status: () => ({ engine: 'sine test double', tier: 'classic', ready: true }),
    close: async () => {},
    synthesize: async (request) => {
      requests.push(request);
      return {
        pcm: sinePcm(request.text.length * SECONDS_PER_CHARACTER),
        sampleRate: DOUBLE_SAMPLE_RATE,
      };
    },
  };
}

export interface TranscriberDouble extends Transcriber {
  requests: TranscriptionRequest[];
}

/** Answers with a fixed transcript and remembers what it was given. */
export function recordingTranscriber(): TranscriberDouble {
  const requests: TranscriptionRequest[] = [];
  return {
    requests,
    status: () => ({ engine: 'recording test double', tier: 'classic', ready: true }),
    close: async () => {},
    transcribe: async (request) => {
      requests.push(request);
      const seconds = request.samples.length / 16_000;
      return {
        text: ' hello from the test double ',
        language: 'en',
        segments: [{ start: 0, end: seconds, text: 'hello from the test double' }],
      };
    },
  };
}

/** An engine that waits until its signal aborts, as a long job that a visitor walks away from. */
export function waitingUntilAborted(onStart?: () => void, onAbort?: () => void) {
  return (request: { signal?: AbortSignal }) =>
    new Promise<never>((_, reject) => {
      onStart?.();
      request.signal?.addEventListener('abort', () => {
        onAbort?.();
        reject(new Error('aborted'));
      });
    });
}

export function testProviders(overrides: Partial<Providers> = {}): Providers {
  return {
    text: unavailableEngine('No text engine in this test.'),
    speech: sineSynthesizer(),
    transcription: recordingTranscriber(),
    ...overrides,
  };
}

export interface AudioInfo {
  container: string;
  codec: string;
  durationSeconds: number;
  sampleRate: number;
  channels: number;
}

/** What ffprobe must find in each format: opus in Ogg, AAC in ADTS (docs/product.md section 9). */
export const EXPECTED_ENCODINGS = {
  mp3: { container: 'mp3', codec: 'mp3' },
  opus: { container: 'ogg', codec: 'opus' },
  aac: { container: 'aac', codec: 'aac' },
  flac: { container: 'flac', codec: 'flac' },
  wav: { container: 'wav', codec: 'pcm_s16le' },
} as const;

/** ffprobe's view of audio bytes: container, codec and duration. */
export function probeBytes(bytes: Buffer, extension: string): AudioInfo {
  const folder = mkdtempSync(join(tmpdir(), 'probe-'));
  try {
    const path = join(folder, `audio.${extension}`);
    writeFileSync(path, bytes);
    const output = execFileSync('ffprobe', [
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      path,
    ]).toString();
    const probe = JSON.parse(output) as {
      format: { format_name: string; duration?: string };
      streams: { codec_name: string; sample_rate: string; channels: number; duration?: string }[];
    };
    const stream = probe.streams[0];
    if (!stream) throw new Error('no stream');
    return {
      container: probe.format.format_name,
      codec: stream.codec_name,
      durationSeconds: Number(probe.format.duration ?? stream.duration),
      sampleRate: Number(stream.sample_rate),
      channels: stream.channels,
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * A text-to-speech answer's audio is a real mono file of its format (checked by ffprobe) whose
 * duration is the one the answer gives, within the few milliseconds encoders pad (MP3, AAC frames).
 */
export function assertSpeechFile(
  data: { audioBase64: string; durationSeconds: number },
  format: keyof typeof EXPECTED_ENCODINGS,
  label: string,
) {
  const info = probeBytes(Buffer.from(data.audioBase64, 'base64'), format);
  assert.equal(info.container, EXPECTED_ENCODINGS[format].container, label);
  assert.equal(info.codec, EXPECTED_ENCODINGS[format].codec, label);
  assert.equal(info.channels, 1, label);
  assert.ok(
    Math.abs(info.durationSeconds - data.durationSeconds) < 0.1,
    `${label}: ffprobe says ${info.durationSeconds} s, the answer ${data.durationSeconds} s`,
  );
}

/** Real audio of a tone in any format ffmpeg writes, made with ffmpeg's own generator. */
export function makeToneFile(extension: string, seconds: number, encoderArguments: string[] = []) {
  const folder = mkdtempSync(join(tmpdir(), 'tone-'));
  try {
    const path = join(folder, `tone.${extension}`);
    execFileSync('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:sample_rate=16000:duration=${seconds}`,
      ...encoderArguments,
      '-y',
      path,
    ]);
    return readFileSync(path);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export interface UploadPart {
  field: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body, as a browser's FormData sends it. */
export function multipartBody(parts: UploadPart[]) {
  const boundary = '----test-boundary-7MA4YWxkTrZu0gW';
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.field}"; filename="${part.filename}"`
      : `form-data; name="${part.field}"`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    pieces.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    pieces.push(Buffer.from('\r\n'));
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(pieces),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
