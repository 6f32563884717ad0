/**
 * Counts what one text-to-speech request costs in audio passes: every ffmpeg run the server starts
 * (through a PATH shim that notes each one), and every folder made in the request's temporary root
 * (ADR 040).
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  watch,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { API_PATHS, textToSpeechResponseSchema, type TextToSpeechInput } from '@ai-tools/contracts';
import type { SpeechSynthesizer } from '../../src/providers/types.ts';
import { unavailableEngine } from '../../src/providers/unavailable.ts';
import { makeApp } from './app.ts';

export interface AudioPasses {
  ffmpegRuns: number;
  /** The folders made in the temporary root while the request ran. */
  folders: string[];
  /** What is still in the temporary root after the answer. */
  leftOver: string[];
  answer: ReturnType<typeof textToSpeechResponseSchema.parse>['data'];
}

export async function countAudioPasses(
  speech: SpeechSynthesizer,
  request: TextToSpeechInput,
): Promise<AudioPasses> {
  const shim = mkdtempSync(join(tmpdir(), 'ffmpeg-shim-'));
  const runs = join(shim, 'runs');
  writeFileSync(
    join(shim, 'ffmpeg'),
    `#!/bin/sh\necho run >> '${runs}'\nexec ${execFileSync('which', ['ffmpeg']).toString().trim()} "$@"\n`,
    { mode: 0o755 },
  );
  const searchPath = process.env.PATH;
  process.env.PATH = `${shim}${delimiter}${searchPath ?? ''}`;
  const temporaryRoot = mkdtempSync(join(tmpdir(), 'one-pass-'));
  const folders = new Set<string>();
  // Only the root's own entries: the engine's files inside the request folder are not folders.
  const watcher = watch(temporaryRoot, (_event, name) => name && folders.add(name));
  // The caller's engine, which this app must not close.
  const sharedSpeech: SpeechSynthesizer = {
    status: () => speech.status(),
    synthesize: (synthesisRequest) => speech.synthesize(synthesisRequest),
    maxCharactersPerChunk: speech.maxCharactersPerChunk,
    close: async () => {},
  };
  const app = await makeApp({
    env: { TEMP_DIR: temporaryRoot },
    providers: {
      speech: sharedSpeech,
      text: unavailableEngine('No text engine in this test.'),
      transcription: unavailableEngine('No transcription in this test.'),
    },
  });
  try {
    const response = await app.inject({
      method: 'POST',
      url: API_PATHS.textToSpeech,
      payload: request,
    });
    if (response.statusCode !== 200) {
      throw new Error(`The request failed (${response.statusCode}): ${response.body}`);
    }
    return {
      ffmpegRuns: existsSync(runs) ? readFileSync(runs, 'utf8').trim().split('\n').length : 0,
      folders: [...folders],
      leftOver: readdirSync(temporaryRoot),
      answer: textToSpeechResponseSchema.parse(response.json()).data,
    };
  } finally {
    watcher.close();
    process.env.PATH = searchPath;
    await app.close();
    rmSync(shim, { recursive: true, force: true });
    rmSync(temporaryRoot, { recursive: true, force: true });
  }
}
