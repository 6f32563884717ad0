/**
 * Counts what one text-to-speech request costs in audio passes: every ffmpeg and espeak-ng run the
 * server starts (program-runs.ts), and every folder made in the request's temporary root (ADR 040).
 */
import { mkdtempSync, readdirSync, rmSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PATHS, textToSpeechResponseSchema, type TextToSpeechInput } from '@ai-tools/contracts';
import type { SpeechSynthesizer } from '../../src/providers/types.ts';
import { unavailableEngine } from '../../src/providers/unavailable.ts';
import { makeApp } from './app.ts';
import { countProgramRuns } from './program-runs.ts';

export interface AudioPasses {
  ffmpegRuns: number;
  /** Kokoro's phonemizer (or the classic tier's voice for other languages). */
  espeakRuns: number;
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
  const programs = countProgramRuns(['ffmpeg', 'espeak-ng']);
  const temporaryRoot = mkdtempSync(join(tmpdir(), 'one-pass-'));
  const folders = new Set<string>();
  // Only the root's own entries: the engine's files inside the request folder are not folders.
  const watcher = watch(temporaryRoot, (_event, name) => name && folders.add(name));
  // The caller's engine, which this app must not close.
  const sharedSpeech: SpeechSynthesizer = {
    status: () => speech.status(),
    synthesize: (synthesisRequest) => speech.synthesize(synthesisRequest),
    synthesizeChunks: speech.synthesizeChunks?.bind(speech),
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
      ffmpegRuns: programs.runs('ffmpeg'),
      espeakRuns: programs.runs('espeak-ng'),
      folders: [...folders],
      leftOver: readdirSync(temporaryRoot),
      answer: textToSpeechResponseSchema.parse(response.json()).data,
    };
  } finally {
    watcher.close();
    programs.remove();
    await app.close();
    rmSync(temporaryRoot, { recursive: true, force: true });
  }
}
