/**
 * The classic transcription tier on this machine's real engines: Silero VAD in sherpa-onnx and
 * pocketsphinx with its en-us model, on Debian's reference recordings.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { MODEL_MANIFEST } from '../src/models/manifest.ts';
import { createLocalSpeechSynthesizer } from '../src/providers/local/speech/index.ts';
import { ClassicTranscriber } from '../src/providers/local/transcription/classic-transcriber.ts';
import { createLocalTranscriber } from '../src/providers/local/transcription/index.ts';
import {
  findVadModel,
  SpeechDetector,
} from '../src/providers/local/transcription/voice-activity.ts';
import type { Transcriber } from '../src/providers/types.ts';
import {
  isRunning,
  referenceRecording,
  toTranscriptionSamples,
  waitForChild,
  wordErrors,
  words,
} from './helpers/local-engines.ts';
import {
  GenerationAbortedError,
  ProviderBusyError,
  ProviderFailedError,
  UnsupportedLanguageError,
} from '../src/errors.ts';
import { SPEECH_TO_TEXT_MESSAGES } from '@ai-tools/contracts';

let transcriber: Transcriber;
let temporaryDirectory: string;

before(async () => {
  temporaryDirectory = mkdtempSync(join(tmpdir(), 'local-transcription-test-'));
  // An empty models folder: Whisper is absent, so pocketsphinx serves; VAD comes from npm.
  transcriber = await createLocalTranscriber({ modelsDir: temporaryDirectory, temporaryDirectory });
});

after(async () => {
  await transcriber.close();
  rmSync(temporaryDirectory, { recursive: true, force: true });
});

function assertNoFileLeft() {
  assert.deepEqual(readdirSync(temporaryDirectory), [], 'every request folder is removed');
}

/** Several recordings one after another: a long job for the queue and abort tests. */
function longRecording(): Float32Array {
  const pieces = Array.from({ length: 6 }, () =>
    referenceRecording('librivox/sense_and_sensibility_01_austen_64kb-0870.wav'),
  );
  const joined = new Float32Array(pieces.reduce((total, piece) => total + piece.length, 0));
  let offset = 0;
  for (const piece of pieces) {
    joined.set(piece, offset);
    offset += piece.length;
  }
  return joined;
}

test('the classic tier says which engines serve it', () => {
  const { secondsPerAudioSecond, ...named } = transcriber.status();
  assert.deepEqual(named, {
    engine: 'pocketsphinx en-us + Silero VAD',
    tier: 'classic',
    ready: true,
  });
  // Its speed, for the page's estimate: the guess, or what the transcriptions so far measured.
  assert.ok((secondsPerAudioSecond ?? 0) > 0, `${secondsPerAudioSecond} s a second of audio`);
});

test('transcribes "go forward ten meters" with the segment times', async () => {
  const samples = referenceRecording('goforward.raw');
  const result = await transcriber.transcribe({ samples });
  assert.equal(result.text, 'go forward ten meters');
  assert.equal(result.language, 'en');
  assert.equal(result.segments.length, 1);
  const [segment] = result.segments;
  assert.ok(
    segment &&
      segment.start > 0 &&
      segment.start < segment.end &&
      segment.end <= samples.length / 16_000,
  );
  assert.equal(segment?.text, result.text);
  assertNoFileLeft();
});

test('transcribes read speech and a card list with most words right', async () => {
  const cases = [
    {
      path: 'librivox/sense_and_sensibility_01_austen_64kb-0880.wav',
      text: 'he was not an ill disposed young man',
    },
    { path: 'cards/005.wav', text: 'eight of spades four of clubs seven of hearts' },
  ];
  for (const { path, text } of cases) {
    const result = await transcriber.transcribe({ samples: referenceRecording(path) });
    const { errors, words: count } = wordErrors(text, result.text);
    // pocketsphinx with its general language model misses a word or two per sentence.
    assert.ok(errors / count <= 0.4, `${path}: heard "${result.text}"`);
  }
});

test('silence and faint noise give an empty transcript, never invented words', async () => {
  const silence = new Float32Array(16_000 * 5);
  assert.deepEqual(await transcriber.transcribe({ samples: silence }), {
    text: '',
    language: 'en',
    segments: [],
  });
  let seed = 1;
  const noise = silence.map(() => {
    seed = (seed * 16807) % 2147483647;
    return (seed / 2147483647 - 0.5) * 0.004;
  });
  assert.deepEqual(await transcriber.transcribe({ samples: noise }), {
    text: '',
    language: 'en',
    segments: [],
  });
});

test('English named is heard; another language or a translation is refused before any work', async () => {
  const samples = referenceRecording('goforward.raw');
  const english = await transcriber.transcribe({ samples, language: 'en', task: 'transcribe' });
  assert.match(english.text, /forward/);
  await assert.rejects(
    transcriber.transcribe({ samples, language: 'fr' }),
    (error: unknown) =>
      error instanceof UnsupportedLanguageError &&
      error.message === SPEECH_TO_TEXT_MESSAGES.languageUnavailable('French'),
  );
  await assert.rejects(
    transcriber.transcribe({ samples, task: 'translate' }),
    (error: unknown) =>
      error instanceof UnsupportedLanguageError &&
      error.message === SPEECH_TO_TEXT_MESSAGES.translationUnavailable,
  );
  assertNoFileLeft();
});

test('a round trip through the default voice recovers most words', async () => {
  const synthesizer = await createLocalSpeechSynthesizer({
    modelsDir: temporaryDirectory,
    temporaryDirectory,
  });
  try {
    const sentence =
      'The quick brown fox jumps over the lazy dog. Then it runs away into the forest.';
    const speech = await synthesizer.synthesize({ text: sentence, voice: 'alloy', speed: 1 });
    const result = await transcriber.transcribe({ samples: toTranscriptionSamples(speech) });
    const { errors, words: count } = wordErrors(sentence, result.text);
    assert.ok(errors / count <= 0.35, `heard "${result.text}"`);
    assert.ok(words(result.text).includes('fox'));
  } finally {
    await synthesizer.close();
  }
});

test('aborting a running transcription kills pocketsphinx and rejects', async () => {
  const controller = new AbortController();
  const running = transcriber.transcribe({ samples: longRecording(), signal: controller.signal });
  const pocketsphinx = await waitForChild('pocketsphinx');
  controller.abort();
  await assert.rejects(running, GenerationAbortedError);
  assert.equal(isRunning(pocketsphinx), false, 'pocketsphinx is gone');
  assertNoFileLeft();
});

test('a full queue answers ProviderBusyError at once', async () => {
  const controller = new AbortController();
  const samples = longRecording();
  // One transcription runs and three wait; the fifth is refused.
  const accepted = Array.from({ length: 4 }, () =>
    transcriber.transcribe({ samples, signal: controller.signal }),
  );
  await assert.rejects(
    transcriber.transcribe({ samples }),
    (error: unknown) => error instanceof ProviderBusyError && error.retryAfterSeconds > 0,
  );
  controller.abort();
  const outcomes = await Promise.allSettled(accepted);
  for (const outcome of outcomes) {
    if (outcome.status === 'rejected') assert.ok(outcome.reason instanceof GenerationAbortedError);
  }
  assertNoFileLeft();
});

test('a recogniser failure is a clear error and leaves no file', async () => {
  const vadModel = await findVadModel(temporaryDirectory);
  assert.ok(vadModel);
  const broken = new ClassicTranscriber(
    new SpeechDetector(vadModel),
    temporaryDirectory,
    '/nonexistent/model',
  );
  await assert.rejects(
    broken.transcribe({ samples: referenceRecording('goforward.raw') }),
    (error: unknown) => error instanceof ProviderFailedError && /another file/.test(error.message),
  );
  assertNoFileLeft();
});

test('a damaged Whisper model is reported and pocketsphinx serves instead', async () => {
  const modelsDir = mkdtempSync(join(tmpdir(), 'damaged-whisper-'));
  try {
    for (const { path } of MODEL_MANIFEST.filter((file) => file.model === 'whisper-base')) {
      mkdirSync(dirname(join(modelsDir, path)), { recursive: true });
      writeFileSync(join(modelsDir, path), 'not a model');
    }
    const reported: string[] = [];
    const fallback = await createLocalTranscriber({
      modelsDir,
      temporaryDirectory,
      onLoadError: (_error, detail) => reported.push(detail),
    });
    assert.equal(fallback.status().engine, 'pocketsphinx en-us + Silero VAD');
    assert.equal(reported.length, 1);
    assert.match(reported[0] ?? '', /Whisper model .* did not load/);
    const result = await fallback.transcribe({ samples: referenceRecording('goforward.raw') });
    assert.equal(result.text, 'go forward ten meters');
  } finally {
    rmSync(modelsDir, { recursive: true, force: true });
  }
});

test('without pocketsphinx, transcription is unavailable and says how to install it', async () => {
  const path = process.env.PATH;
  process.env.PATH = '/nonexistent';
  try {
    const missing = await createLocalTranscriber({
      modelsDir: temporaryDirectory,
      temporaryDirectory,
    });
    assert.equal(missing.status().tier, 'none');
    assert.match(missing.status().detail ?? '', /pocketsphinx-en-us/);
  } finally {
    process.env.PATH = path;
  }
});
