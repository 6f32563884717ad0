/**
 * Encodes synthesized PCM into the five output formats with ffmpeg, the one audio pass of a speech
 * request: the engine's PCM comes in through a pipe (ADR 040). The output goes to a file, not
 * a pipe, so ffmpeg can go back and write the headers that need the full length (the WAV sizes,
 * FLAC's STREAMINFO, the MP3 Xing frame).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MP3_KILOBITS_PER_SECOND, type OutputFormat, SERVER_MESSAGES } from '@ai-tools/contracts';
import { runEngineProcess } from '../child-process.ts';

/**
 * The lowest rate a file is written at. MP3 and AAC frames pad a 22.05 kHz file by well under
 * 0.1 s (at flite's 16 kHz, by more); slower speech is resampled in this same run.
 */
const LOWEST_OUTPUT_SAMPLE_RATE = 22_050;

/** Codec and container per format: opus travels in Ogg and AAC in ADTS, as browsers play them. */
const ENCODER_ARGUMENTS: Record<OutputFormat, string[]> = {
  mp3: ['-c:a', 'libmp3lame', '-b:a', `${MP3_KILOBITS_PER_SECOND}k`, '-f', 'mp3'],
  opus: ['-c:a', 'libopus', '-b:a', '48k', '-f', 'ogg'],
  aac: ['-c:a', 'aac', '-b:a', '96k', '-f', 'adts'],
  flac: ['-c:a', 'flac', '-f', 'flac'],
  wav: ['-c:a', 'pcm_s16le', '-f', 'wav'],
};

function outputRate(format: OutputFormat, sampleRate: number): string[] {
  // Opus codes at 8 to 48 kHz steps of its own, and ffmpeg picks the one it needs by itself.
  if (format === 'opus' || sampleRate >= LOWEST_OUTPUT_SAMPLE_RATE) return [];
  return ['-ar', String(LOWEST_OUTPUT_SAMPLE_RATE)];
}

export interface EncodeRequest {
  /** Mono signed 16-bit little-endian samples. */
  pcm: Buffer;
  sampleRate: number;
  format: OutputFormat;
  /** The request's temporary folder. */
  folder: string;
  signal?: AbortSignal;
}

export async function encodePcm(request: EncodeRequest): Promise<Buffer> {
  const { pcm, sampleRate, format, folder, signal } = request;
  const outputPath = join(folder, `speech.${format}`);
  await runEngineProcess(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      's16le',
      '-ar',
      String(sampleRate),
      '-ac',
      '1',
      '-i',
      'pipe:0',
      '-map_metadata',
      '-1',
      ...outputRate(format, sampleRate),
      ...ENCODER_ARGUMENTS[format],
      '-y',
      outputPath,
    ],
    { input: pcm, signal, failureMessage: SERVER_MESSAGES.audioProcessingFailed },
  );
  return readFile(outputPath);
}
