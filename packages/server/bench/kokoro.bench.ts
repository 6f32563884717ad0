/**
 * Kokoro-82M, the neural speech tier, against its targets (ADR 026, 031, 032): real-time factor
 * with the mp3 encoding (0.35x or faster), a 200-character text ready in under 3 s (its first
 * audio, streamed), every voice's round trip through Whisper base (word error rate 10% or less
 * each), the languages Kokoro speaks (character error rate), memory with the engine loaded, and
 * /api/health while a synthesis runs (under 100 ms). Prints figures and fails nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PATHS, VOICES } from '@ai-tools/contracts';
import { encodePcm } from '../src/audio/encode.ts';
import { textToSpeech } from '../src/features/text-to-speech/service.ts';
import { pcmDurationSeconds } from '../src/audio/wav.ts';
import { loadConfig } from '../src/config.ts';
import { createLocalSpeechSynthesizer } from '../src/providers/local/speech/index.ts';
import { KOKORO_LANGUAGES, KOKORO_VOICES } from '../src/providers/local/speech/voices.ts';
import { kokoroSpeaker } from '../src/providers/local/speech/kokoro-synthesizer.ts';
import { unavailableEngine } from '../src/providers/unavailable.ts';
import { makeApp } from '../test/helpers/app.ts';
import { cpuSeconds } from '../test/helpers/local-engines.ts';
import {
  characterErrorRate,
  whisperHears,
  wordErrorRate,
} from '../test/helpers/whisper-round-trip.ts';
import { record } from './record.ts';

const ROUND_TRIP =
  'The birch canoe slid on the smooth planks. Glue the sheet to the dark blue background. ' +
  'It is easy to tell the depth of a well. These days a chicken leg is a rare dish.';
/** 200 characters. */
const TWO_HUNDRED =
  'Our small bakery opens at six every morning. We bake fresh bread, soft rolls and a few ' +
  'sweet pastries, then we put the coffee on and unlock the door for the first neighbours waiting ' +
  'in the cold street.';
const LANGUAGE_SENTENCES: Record<string, string> = {
  es: 'El sol brilla sobre la ciudad y los niños juegan en el parque.',
  fr: 'Le soleil brille sur la ville et les enfants jouent dans le parc.',
  hi: 'आज मौसम बहुत अच्छा है और बच्चे पार्क में खेल रहे हैं।',
  it: 'Il sole splende sulla città e i bambini giocano nel parco.',
  ja: '今日はとても良い天気なので、公園で子供たちが遊んでいます。',
  pt: 'O sol brilha sobre a cidade e as crianças brincam no parque.',
};
/**
 * Whisper base writes spoken Hindi in Urdu script whatever language it is told; Hindi and Urdu
 * are one spoken language, so the Hindi sentence is scored against its Urdu spelling too.
 */
const HINDI_IN_URDU_SCRIPT = 'آج موسم بہت اچھا ہے اور بچے پارک میں کھیل رہے ہیں';

const folder = mkdtempSync(join(tmpdir(), 'kokoro-bench-'));
const modelsDir = loadConfig().MODELS_DIR;
const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
/** Adds a figure a line has already printed to the record. */
const quietly = (name: string, value: number, unit?: string, target?: string) =>
  record({ name, value, unit, target }, { print: false });

try {
  console.log(
    `Load average at start: ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')} on ${availableParallelism()} cores`,
  );
  const rssBefore = process.memoryUsage().rss;
  const loadStarted = performance.now();
  const speech = await createLocalSpeechSynthesizer({ modelsDir, temporaryDirectory: folder });
  const status = speech.status();
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  console.log(`${status.engine} (tier ${status.tier}), loaded in ${loadSeconds.toFixed(1)} s`);
  quietly('load time', loadSeconds, 's');
  if (status.tier !== 'neural')
    throw new Error(`No Kokoro files in ${modelsDir}: run \`npm run models\`.`);
  await speech.synthesize({ text: 'Ready.', voice: 'alloy', speed: 1 });
  console.log(
    `Memory with the engine loaded: ${megabytes(process.memoryUsage().rss)} RSS (${megabytes(process.memoryUsage().rss - rssBefore)} for Kokoro)`,
  );
  quietly('memory with the engine loaded', process.memoryUsage().rss / 1e6, 'MB RSS');
  quietly('memory for Kokoro', (process.memoryUsage().rss - rssBefore) / 1e6, 'MB RSS');

  console.log(
    '\nSpeed, synthesis + mp3 encoding: wall clock / audio length, and CPU time / audio length',
  );
  console.log(
    '  (on a machine shared with other work, CPU time / 2 cores is what 2 idle cores take)',
  );
  for (const [label, text] of [
    ['200 characters', TWO_HUNDRED],
    ['4 sentences', ROUND_TRIP],
  ] as const) {
    const started = performance.now();
    const cpuStarted = cpuSeconds();
    const made = await speech.synthesize({ text, voice: 'coral', speed: 1 });
    const synthesized = performance.now();
    await encodePcm({ ...made, format: 'mp3', folder });
    const seconds = (performance.now() - started) / 1000;
    const cpu = cpuSeconds() - cpuStarted;
    const audio = pcmDurationSeconds(made);
    console.log(
      `  ${label.padEnd(15)} ${text.length} chars, ${audio.toFixed(1)} s of audio, ready in ${seconds.toFixed(2)} s (synthesis ${((synthesized - started) / 1000).toFixed(2)} s): ${(seconds / audio).toFixed(3)}x real time; CPU ${cpu.toFixed(2)} s, ${(cpu / audio).toFixed(3)}x`,
    );
    quietly(`${label}: ready`, seconds, 's');
    quietly(`${label}: with mp3`, seconds / audio, 'x real time', '<= 0.35x real time');
    quietly(`${label}: with mp3, CPU`, cpu / audio, 'x real time');
  }

  console.log(
    '\nFirst audio of the streamed answer (the text-to-speech service, first sentence spoken alone):',
  );
  for (let run = 1; run <= 3; run += 1) {
    const started = performance.now();
    let firstAudio = 0;
    const result = await textToSpeech(
      { text: TWO_HUNDRED, voice: 'coral', speed: 1, outputFormat: 'mp3', captions: false },
      { synthesizer: speech, temporaryRoot: folder, maxSeconds: 600 },
      {
        onPiece: ({ index }) => {
          if (index === 0) firstAudio = (performance.now() - started) / 1000;
        },
      },
    );
    console.log(
      `  200 characters, run ${run}: first audio after ${firstAudio.toFixed(2)} s (target under 3 s); the whole ${result.durationSeconds.toFixed(1)} s mp3 after ${((performance.now() - started) / 1000).toFixed(2)} s`,
    );
    quietly(`200 characters streamed, run ${run}: first audio`, firstAudio, 's', '< 3 s');
  }

  console.log('\nRound trip through Whisper base, each voice:');
  const rates: number[] = [];
  for (const voice of VOICES) {
    const made = await speech.synthesize({ text: ROUND_TRIP, voice, speed: 1 });
    const heard = await whisperHears(made, 'en', modelsDir);
    const rate = wordErrorRate(ROUND_TRIP, heard);
    rates.push(rate);
    console.log(
      `  ${voice.padEnd(8)} ${KOKORO_VOICES[voice].padEnd(11)} WER ${percent(rate).padStart(6)}  "${heard}"`,
    );
    quietly(`round trip, ${voice}: word error rate`, rate * 100, '%', '<= 10%');
  }
  console.log(`  worst voice: ${percent(Math.max(...rates))} (target 10% or less each)`);
  quietly('round trip, worst voice: word error rate', Math.max(...rates) * 100, '%', '<= 10%');

  console.log('\nRound trip through Whisper base, other languages (woman / man):');
  for (const [language, text] of Object.entries(LANGUAGE_SENTENCES)) {
    if (!Object.hasOwn(KOKORO_LANGUAGES, language)) continue;
    for (const voice of ['alloy', 'echo'] as const) {
      const made = await speech.synthesize({ text, voice, speed: 1, language });
      const heard = await whisperHears(made, language, modelsDir);
      const reference =
        language === 'hi' && /\p{Script=Arabic}/u.test(heard) ? HINDI_IN_URDU_SCRIPT : text;
      const wordRate = wordErrorRate(reference, heard);
      const characterRate = characterErrorRate(reference, heard);
      const speaker = kokoroSpeaker(voice, language)?.voice;
      console.log(
        `  ${language} ${speaker?.padEnd(10)} WER ${percent(wordRate).padStart(6)} CER ${percent(characterRate).padStart(6)}  "${heard}"`,
      );
      quietly(`round trip, ${language} ${speaker}: word error rate`, wordRate * 100, '%');
      quietly(`round trip, ${language} ${speaker}: character error rate`, characterRate * 100, '%');
    }
  }

  console.log('\nSpeed (coral, 4 sentences): duration against speed 1');
  const normal = pcmDurationSeconds(
    await speech.synthesize({ text: ROUND_TRIP, voice: 'coral', speed: 1 }),
  );
  for (const speed of [0.25, 0.5, 2, 3]) {
    const made = await speech.synthesize({ text: ROUND_TRIP, voice: 'coral', speed });
    const heard = await whisperHears(made, 'en', modelsDir);
    console.log(
      `  ${String(speed).padEnd(5)} ${pcmDurationSeconds(made).toFixed(1)} s (speed 1: ${normal.toFixed(1)} s, ratio ${(normal / pcmDurationSeconds(made)).toFixed(2)}) WER ${percent(wordErrorRate(ROUND_TRIP, heard))}`,
    );
    quietly(`speed ${speed}: duration of speed 1 / this one`, normal / pcmDurationSeconds(made));
    quietly(`speed ${speed}: word error rate`, wordErrorRate(ROUND_TRIP, heard) * 100, '%');
  }
  const app = await makeApp({
    providers: {
      speech,
      text: unavailableEngine('No text engine in this bench.'),
      transcription: unavailableEngine('No transcription in this bench.'),
    },
  });
  const synthesis = app.inject({
    method: 'POST',
    url: API_PATHS.textToSpeech,
    payload: { text: ROUND_TRIP, voice: 'alloy', speed: 1, outputFormat: 'mp3' },
  });
  let running = true;
  void synthesis.finally(() => (running = false));
  const latencies: number[] = [];
  // Timed from when each call was due, not from when it started: an event loop held by the
  // engine delays the start, and that delay is what a visitor waits.
  let due = performance.now();
  while (running) {
    await app.inject({ method: 'GET', url: API_PATHS.health });
    latencies.push(performance.now() - due);
    due = performance.now() + 50;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await synthesis;
  // Closing the app closes its providers: the speech engine too.
  await app.close();
  latencies.sort((first, second) => first - second);
  const median = latencies[Math.floor(latencies.length / 2)] ?? 0;
  const slowest = latencies.at(-1) ?? 0;
  console.log(
    `\n/api/health during a synthesis: ${latencies.length} calls, median ${median.toFixed(1)} ms, slowest ${slowest.toFixed(1)} ms`,
  );
  quietly('/api/health during a synthesis, median', median, 'ms');
  quietly('/api/health during a synthesis, slowest', slowest, 'ms', '< 100 ms');

  console.log(
    'The server’s memory with Kokoro and Whisper both loaded is measured by bench/memory (this process also holds the round trip’s own Whisper pipeline).',
  );
} finally {
  rmSync(folder, { recursive: true, force: true });
}
