/**
 * The classic speech tier on this machine's real engines: festival, flite and espeak-ng.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIMITS, VOICES, type Voice, TEXT_TO_SPEECH_MESSAGES } from '@ai-tools/contracts';
import { KOKORO_FILES } from '../src/models/manifest.ts';
import { kokoroVoiceFiles } from '../src/providers/local/speech/kokoro-synthesizer.ts';
import { createLocalSpeechSynthesizer } from '../src/providers/local/speech/index.ts';
import { CLASSIC_VOICES } from '../src/providers/local/speech/voices.ts';
import { parseWav as readMonoWave, pcmDurationSeconds } from '../src/audio/wav.ts';
import { CLASSIC_SAMPLE_RATE } from '../src/providers/local/speech/classic-synthesizer.ts';
import type { SpeechSynthesizer } from '../src/providers/types.ts';
import {
  childProcesses,
  isRunning,
  processCpuSeconds,
  waitForChild,
} from './helpers/local-engines.ts';
import { countAudioPasses } from './helpers/audio-passes.ts';
import { probeBytes } from './helpers/audio-doubles.ts';
import {
  GenerationAbortedError,
  ProviderBusyError,
  ProviderFailedError,
  UnsupportedLanguageError,
} from '../src/errors.ts';

const SENTENCE = 'The quick brown fox jumps over the lazy dog.';
const LONG_TEXT = Array.from(
  { length: 40 },
  (_, index) => `This is sentence number ${index + 1} of a long text.`,
).join(' ');

let synthesizer: SpeechSynthesizer;
let temporaryDirectory: string;

before(async () => {
  temporaryDirectory = mkdtempSync(join(tmpdir(), 'local-speech-test-'));
  // An empty models folder: the neural voice is absent, so the classic tier serves.
  synthesizer = await createLocalSpeechSynthesizer({
    modelsDir: temporaryDirectory,
    temporaryDirectory,
  });
});

after(async () => {
  await synthesizer.close();
  rmSync(temporaryDirectory, { recursive: true, force: true });
});

function assertNoFileLeft() {
  assert.deepEqual(readdirSync(temporaryDirectory), [], 'every request folder is removed');
}

/** Speech is not silence: some samples are loud. */
function peak(pcm: Buffer): number {
  let loudest = 0;
  for (let offset = 0; offset < pcm.length; offset += 2)
    loudest = Math.max(loudest, Math.abs(pcm.readInt16LE(offset)));
  return loudest;
}

test('the classic tier says which engines serve it', () => {
  assert.deepEqual(synthesizer.status(), {
    engine: 'festival, flite and espeak-ng',
    tier: 'classic',
    ready: true,
  });
});

test('every voice speaks the sentence, and the 11 voices all sound different', async () => {
  const fingerprints = new Map<string, Voice>();
  for (const voice of VOICES) {
    const speech = await synthesizer.synthesize({ text: SENTENCE, voice, speed: 1 });
    const seconds = pcmDurationSeconds(speech);
    assert.ok(seconds > 1.5 && seconds < 6, `${voice}: ${seconds.toFixed(2)} s for one sentence`);
    assert.ok(peak(speech.pcm) > 3000, `${voice} is audible`);
    const fingerprint = createHash('sha256').update(speech.pcm).digest('hex');
    assert.equal(
      fingerprints.get(fingerprint),
      undefined,
      `${voice} sounds exactly like ${fingerprints.get(fingerprint)}`,
    );
    fingerprints.set(fingerprint, voice);
  }
  // Different audio could still be one configuration: the table gives each voice its own.
  const configurations = new Set(
    VOICES.map((voice) => JSON.stringify(CLASSIC_VOICES[voice].english)),
  );
  assert.equal(configurations.size, VOICES.length);
  assertNoFileLeft();
});

test('speed 2 takes about half as long as speed 1, and 0.25 about four times as long, on every engine', async () => {
  // alloy: festival HTS, echo: festival diphone, ash: flite, nova: espeak-ng (ffmpeg below 0.46).
  for (const voice of ['alloy', 'echo', 'ash', 'nova'] as const) {
    const normal = pcmDurationSeconds(
      await synthesizer.synthesize({ text: SENTENCE, voice, speed: 1 }),
    );
    const fast = pcmDurationSeconds(
      await synthesizer.synthesize({ text: SENTENCE, voice, speed: 2 }),
    );
    const slow = pcmDurationSeconds(
      await synthesizer.synthesize({ text: SENTENCE, voice, speed: 0.25 }),
    );
    assert.ok(
      fast / normal > 0.4 && fast / normal < 0.62,
      `${voice} at 2x: ${fast.toFixed(2)} s vs ${normal.toFixed(2)} s`,
    );
    assert.ok(
      slow / normal > 3.2 && slow / normal < 4.8,
      `${voice} at 0.25x: ${slow.toFixed(2)} s vs ${normal.toFixed(2)} s`,
    );
  }
});

test('text in another language is read by an espeak-ng voice of that language', async () => {
  const text = 'Hola, me llamo Juan y vivo en Madrid.';
  const spanish = await synthesizer.synthesize({ text, voice: 'alloy', speed: 1, language: 'es' });
  // alloy is festival in English; in Spanish it is exactly espeak-ng's Spanish voice, variant f3.
  const wavePath = join(temporaryDirectory, 'espeak.wav');
  execFileSync('espeak-ng', ['-v', 'es+f3', '-p', '50', '-s', '175', '-w', wavePath, text]);
  const expected = readMonoWave(readFileSync(wavePath));
  rmSync(wavePath);
  assert.equal(spanish.sampleRate, expected.sampleRate);
  assert.ok(spanish.pcm.equals(expected.pcm), 'the Spanish voice spoke');
  // Two voices keep their own character in Spanish too.
  const other = await synthesizer.synthesize({ text, voice: 'onyx', speed: 1, language: 'es' });
  assert.ok(!other.pcm.equals(spanish.pcm));
});

test("Chinese is read by espeak-ng's Mandarin voice, in each voice's own variant", async () => {
  // espeak-ng lists zh only as another name of its cmn voice, and refuses `zh+f3`.
  const text = '你好，世界。今天天气很好。';
  const alloy = await synthesizer.synthesize({ text, voice: 'alloy', speed: 1, language: 'zh' });
  const onyx = await synthesizer.synthesize({ text, voice: 'onyx', speed: 1, language: 'zh' });
  assert.ok(peak(alloy.pcm) > 1000, 'the Mandarin voice spoke');
  assert.ok(!onyx.pcm.equals(alloy.pcm));
});

test('text in a language no voice speaks is refused with a 400 that names the language', async () => {
  await assert.rejects(
    synthesizer.synthesize({ text: 'ᏣᎳᎩ ᎦᏬᏂᎯᏍᏗ', voice: 'alloy', speed: 1, language: 'chr' }),
    (error: unknown) =>
      error instanceof UnsupportedLanguageError &&
      error.statusCode === 400 &&
      error.message === TEXT_TO_SPEECH_MESSAGES.languageNotSpoken('chr'),
  );
  assertNoFileLeft();
});

test("every voice answers at its engine's rate, and every file is written at 22.05 kHz or more", async () => {
  // festival resamples itself and espeak-ng writes 22.05 kHz; flite's 16 kHz is raised by the
  // encoder in its one pass.
  const engineRates = {
    festival: CLASSIC_SAMPLE_RATE,
    'espeak-ng': CLASSIC_SAMPLE_RATE,
    flite: 16_000,
  };
  for (const voice of VOICES) {
    const english = await synthesizer.synthesize({ text: 'Hello.', voice, speed: 1 });
    assert.equal(english.sampleRate, engineRates[CLASSIC_VOICES[voice].english.engine], voice);
    const spanish = await synthesizer.synthesize({
      text: 'Hola.',
      voice,
      speed: 1,
      language: 'es',
    });
    assert.equal(spanish.sampleRate, CLASSIC_SAMPLE_RATE, `${voice} in Spanish`);
  }
  const flite = await countAudioPasses(synthesizer, { text: SENTENCE, voice: 'ash' });
  const file = probeBytes(Buffer.from(flite.answer.audioBase64, 'base64'), 'mp3');
  assert.equal(file.sampleRate, CLASSIC_SAMPLE_RATE);
});

test('5,000 characters, however many chunks and at any speed, make one temporary folder and one encoder run', async () => {
  const text = Array.from(
    { length: 160 },
    (_, index) => `Here is sentence ${index + 1}, read aloud.`,
  )
    .join(' ')
    .slice(0, LIMITS.textToSpeechMaxCharacters);
  assert.ok(text.length > 4900, `${text.length} characters`);
  // flite (its 16 kHz raised by the encoder) on the whole text at speed 1, and espeak-ng at 0.3,
  // below its slowest rate, where the rest is stretched: 1,500 characters, as 5,000 would be
  // longer than one request may speak at that speed.
  for (const [voice, speed, characters, leastSeconds] of [
    ['ash', 1, text.length, 150],
    ['fable', 0.3, 1500, 200],
  ] as const) {
    const passes = await countAudioPasses(synthesizer, {
      text: text.slice(0, characters),
      voice,
      speed,
      outputFormat: 'mp3',
    });
    const seconds = passes.answer.durationSeconds;
    assert.ok(seconds > leastSeconds, `${voice} at ${speed}: ${seconds} s`);
    assert.equal(passes.ffmpegRuns, 1, `${voice} at ${speed}: one ffmpeg run`);
    assert.equal(passes.folders.length, 1, `${voice} at ${speed}: one temporary folder`);
    assert.deepEqual(passes.leftOver, [], 'and it is gone');
  }
});

test('blank text or symbols alone give silence, not an error, on every engine', async () => {
  for (const voice of ['alloy', 'echo', 'ash', 'nova'] as const) {
    for (const text of ['   ', '...', '!!! -', '\u{1F600}']) {
      const speech = await synthesizer.synthesize({ text, voice, speed: 1 });
      assert.equal(speech.pcm.length, 0, `${voice} ${JSON.stringify(text)}`);
      assert.equal(speech.sampleRate, CLASSIC_SAMPLE_RATE);
    }
  }
  // festival (echo) is still there and speaks.
  const next = await synthesizer.synthesize({ text: SENTENCE, voice: 'echo', speed: 1 });
  assert.ok(pcmDurationSeconds(next) > 1);
});

function festivalProcesses(): number[] {
  return childProcesses()
    .filter((child) => child.name === 'festival')
    .map((child) => child.pid);
}

test('quotes and backslashes in the text are read, never run as festival commands', async () => {
  await synthesizer.synthesize({ text: SENTENCE, voice: 'alloy', speed: 1 });
  const before = festivalProcesses();
  const text = 'She said "stop") (quit) \\" (quit) and left.';
  const speech = await synthesizer.synthesize({ text, voice: 'alloy', speed: 1 });
  assert.ok(pcmDurationSeconds(speech) > 1.5, 'the whole text is spoken');
  // Had "(quit)" run, festival would have exited.
  assert.deepEqual(festivalProcesses(), before);
});

test('festival speaks a text of the longest allowed length whole, sentence by sentence', async () => {
  const text = LONG_TEXT.repeat(3).slice(0, LIMITS.textToSpeechMaxCharacters);
  const speech = await synthesizer.synthesize({ text, voice: 'echo', speed: 3 });
  // About 120 sentences: minutes of speech at speed 1, a third of that at speed 3.
  assert.ok(pcmDurationSeconds(speech) > 60, `${pcmDurationSeconds(speech).toFixed(0)} s`);
});

test('aborting a running festival synthesis kills festival and rejects', async () => {
  await synthesizer.synthesize({ text: SENTENCE, voice: 'alloy', speed: 1 });
  const before = festivalProcesses();
  assert.equal(before.length, 2, 'one festival per festival voice');
  const controller = new AbortController();
  const running = synthesizer.synthesize({
    text: LONG_TEXT,
    voice: 'alloy',
    speed: 1,
    signal: controller.signal,
  });
  // The abort comes once festival is at work on the text (its CPU time grows), however fast the
  // machine speaks: both voices' processes sit idle otherwise.
  const idleCpu = before.map(processCpuSeconds);
  while (before.every((pid, index) => processCpuSeconds(pid) === idleCpu[index])) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  controller.abort();
  await assert.rejects(running, GenerationAbortedError);
  // alloy's festival is gone; echo's is untouched.
  assert.equal(before.filter((pid) => !isRunning(pid)).length, 1, 'one festival process is gone');
  assertNoFileLeft();
  // The next request starts a new festival.
  const next = await synthesizer.synthesize({ text: SENTENCE, voice: 'alloy', speed: 1 });
  assert.ok(pcmDurationSeconds(next) > 1);
});

test('aborting a running espeak-ng synthesis kills its process and rejects', async () => {
  const controller = new AbortController();
  const text = LONG_TEXT.repeat(4);
  const running = synthesizer.synthesize({
    text,
    voice: 'nova',
    speed: 0.25,
    signal: controller.signal,
  });
  const child = await waitForChild('espeak-ng');
  controller.abort();
  await assert.rejects(running, GenerationAbortedError);
  assert.equal(isRunning(child), false, 'espeak-ng is gone');
  assertNoFileLeft();
});

test('a full queue answers ProviderBusyError at once, and aborted waiters leave', async () => {
  const controller = new AbortController();
  // flite runs one synthesis and lets six wait; the eighth request is refused.
  const accepted = Array.from({ length: 7 }, () =>
    synthesizer.synthesize({ text: LONG_TEXT, voice: 'ash', speed: 1, signal: controller.signal }),
  );
  await assert.rejects(
    synthesizer.synthesize({ text: SENTENCE, voice: 'ash', speed: 1 }),
    (error: unknown) => error instanceof ProviderBusyError && error.retryAfterSeconds > 0,
  );
  // Another engine's line is separate: espeak-ng still answers.
  const other = await synthesizer.synthesize({ text: SENTENCE, voice: 'nova', speed: 1 });
  assert.ok(pcmDurationSeconds(other) > 1);
  controller.abort();
  const outcomes = await Promise.allSettled(accepted);
  for (const outcome of outcomes) {
    if (outcome.status === 'rejected') assert.ok(outcome.reason instanceof GenerationAbortedError);
  }
  assertNoFileLeft();
});

test('an engine that cannot run fails with a clear error and leaves no file', async () => {
  const path = process.env.PATH;
  process.env.PATH = '/nonexistent';
  try {
    await assert.rejects(
      synthesizer.synthesize({ text: SENTENCE, voice: 'ash', speed: 1 }),
      (error: unknown) => error instanceof ProviderFailedError && /try again/.test(error.message),
    );
  } finally {
    process.env.PATH = path;
  }
  assertNoFileLeft();
});

test('a damaged Kokoro model is reported and the classic tier serves instead', async () => {
  const modelsDir = mkdtempSync(join(tmpdir(), 'damaged-voice-'));
  try {
    const voicesFolder = join(modelsDir, KOKORO_FILES.voicesFolder);
    mkdirSync(voicesFolder, { recursive: true });
    for (const file of kokoroVoiceFiles(voicesFolder)) writeFileSync(file, Buffer.alloc(1024));
    writeFileSync(join(modelsDir, KOKORO_FILES.model), 'not an onnx model');
    const reported: string[] = [];
    const festivalsBefore = festivalProcesses().length;
    const fallback = await createLocalSpeechSynthesizer({
      modelsDir,
      temporaryDirectory,
      onLoadError: (_error, detail) => reported.push(detail),
    });
    assert.equal(fallback.status().tier, 'classic');
    assert.equal(reported.length, 1);
    assert.match(reported[0] ?? '', /Kokoro model .* did not load/);
    // Serving English itself, the classic tier starts its two festival voices at once.
    assert.equal(festivalProcesses().length, festivalsBefore + 2);
    await fallback.close();
    assert.equal(festivalProcesses().length, festivalsBefore);
  } finally {
    rmSync(modelsDir, { recursive: true, force: true });
  }
});

test('without the Debian packages, speech is unavailable and says how to install them', async () => {
  const path = process.env.PATH;
  process.env.PATH = '/nonexistent';
  try {
    const missing = await createLocalSpeechSynthesizer({
      modelsDir: temporaryDirectory,
      temporaryDirectory,
    });
    const status = missing.status();
    assert.equal(status.tier, 'none');
    assert.equal(status.ready, false);
    assert.match(
      status.detail ?? '',
      /missing: festival, flite, espeak-ng, ffmpeg.*apt-get install/,
    );
  } finally {
    process.env.PATH = path;
  }
});
