/**
 * Transcription on the configured engine (Whisper base by default; WHISPER_MODEL=small): the
 * real-time factor and word error rate on Debian's reference recordings (pocketsphinx-testdata:
 * librivox and cards), one long upload with /api/health's answer time and the event loop's longest
 * pause during it, the resident memory with the engine loaded, the language detected on speech in
 * other languages (recorded telephone prompts and synthesized sentences), and the round trip of
 * each voice. Targets (ADR 027): 0.35x real time or faster, English WER 12% or less, every language
 * detected, /api/health under 100 ms, round trip WER 10% or less per voice. Prints figures and
 * fails nothing.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { API_PATHS, VOICES } from '@ai-tools/contracts';
import { decodeToSamples } from '../src/audio/decode.ts';
import { loadConfig } from '../src/config.ts';
import { unavailableEngine } from '../src/providers/unavailable.ts';
import { makeApp } from '../test/helpers/app.ts';
import { createLocalSpeechSynthesizer } from '../src/providers/local/speech/index.ts';
import { createLocalTranscriber } from '../src/providers/local/transcription/index.ts';
import {
  ASTERISK_SOUNDS,
  cpuSeconds,
  referenceRecording,
  referenceTranscripts,
  toTranscriptionSamples,
  wordErrors,
} from '../test/helpers/local-engines.ts';
import { record } from './record.ts';

const ROUND_TRIP_SENTENCES =
  'The birch canoe slid on the smooth planks. Glue the sheet to the dark blue background. ' +
  'It is easy to tell the depth of a well. These days a chicken leg is a rare dish. ' +
  'Rice is often served in round bowls. The juice of lemons makes fine punch.';

/** One sentence per language, as a visitor might upload; spoken by the speech engine. */
const OTHER_LANGUAGES: [language: string, sentence: string][] = [
  ['fr', "Bonjour. Je m'appelle Marie et j'habite à Paris depuis dix ans."],
  ['de', 'Guten Morgen. Ich heiße Anna und ich wohne seit zehn Jahren in Berlin.'],
  ['es', 'Hola. Me llamo Carlos y vivo en Madrid con mi familia.'],
  ['it', 'Buongiorno. Mi chiamo Marco e abito a Roma da dieci anni.'],
  ['pt', 'Bom dia. O meu nome é João e moro em Lisboa há dez anos.'],
  ['nl', 'Goedemorgen. Ik heet Jan en ik woon al tien jaar in Amsterdam.'],
  ['ru', 'Доброе утро. Меня зовут Иван, и я живу в Москве десять лет.'],
  ['hi', 'नमस्ते। मेरा नाम राहुल है और मैं दिल्ली में रहता हूँ।'],
  ['ja', 'おはようございます。私の名前は田中です。東京に住んでいます。'],
  ['zh', '早上好。我叫王明，我在北京住了十年。'],
];

/** Recorded speech in other languages: Debian's asterisk-core-sounds-*-wav (real voices). */
const RECORDED_LANGUAGES: [language: string, voiceFolder: string][] = [
  ['es', 'es_MX_f_Allison'],
  ['fr', 'fr_CA_f_June'],
  ['it', 'it_IT_m_Carlo'],
  ['ru', 'ru_RU_f_IvrvoiceRU'],
];
const RECORDED_PROMPTS = ['all-circuits-busy-now', 'vm-intro', 'vm-options', 'demo-congrats'];

const folder = mkdtempSync(join(tmpdir(), 'transcription-bench-'));
const config = loadConfig();
const modelsDir = config.MODELS_DIR;

function residentMegabytes() {
  const status = readFileSync('/proc/self/status', 'utf8');
  const field = (name: string) =>
    Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  return { current: field('VmRSS'), peak: field('VmHWM') };
}
const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
/** Adds a figure a line has already printed to the record. */
const quietly = (name: string, value: number, unit?: string, target?: string) =>
  record({ name, value, unit, target }, { print: false });

/** The longest event-loop pause while idle: what the machine's other load alone causes. */
async function idlePauseMilliseconds(milliseconds: number): Promise<number> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  await new Promise((resolve) => setTimeout(resolve, milliseconds));
  delay.disable();
  return delay.max / 1e6;
}

try {
  const residentBefore = residentMegabytes().current;
  const loadStarted = performance.now();
  const transcriber = await createLocalTranscriber({
    modelsDir,
    temporaryDirectory: folder,
    whisperModel: config.WHISPER_MODEL,
    onLoadError: (error, detail) => console.log(`${detail}: ${String(error)}`),
  });
  const status = transcriber.status();
  console.log(`Transcription: ${status.engine} (tier ${status.tier})`);
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  const residentLoaded = residentMegabytes().current;
  console.log(
    `  loaded in ${loadSeconds.toFixed(1)} s; resident memory ${residentBefore.toFixed(0)} MB before, ${residentLoaded.toFixed(0)} MB after`,
  );
  quietly('load time', loadSeconds, 's');
  quietly('resident memory with the engine loaded', residentLoaded, 'MB');
  console.log(
    `Load average at start: ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')} on ${availableParallelism()} cores`,
  );
  console.log(
    'Real-time factor (seconds of work per second of audio): wall clock, and CPU time of this process and its engines.',
  );

  console.log('\nReference recordings (pocketsphinx-testdata):');
  let totalErrors = 0;
  let totalWords = 0;
  let totalAudio = 0;
  let totalWork = 0;
  let totalCpu = 0;
  for (const { path, text } of referenceTranscripts()) {
    const samples = referenceRecording(path);
    const started = performance.now();
    const cpuStarted = cpuSeconds();
    const result = await transcriber.transcribe({ samples });
    const work = (performance.now() - started) / 1000;
    const cpu = cpuSeconds() - cpuStarted;
    totalCpu += cpu;
    const audio = samples.length / 16_000;
    const { errors, words } = wordErrors(text, result.text);
    totalErrors += errors;
    totalWords += words;
    totalAudio += audio;
    totalWork += work;
    console.log(
      `  ${path.padEnd(52)} ${audio.toFixed(1).padStart(5)} s  RTF ${(work / audio).toFixed(3)}/${(cpu / audio).toFixed(3)}  WER ${percent(errors / words).padStart(6)}  "${result.text}"`,
    );
    quietly(`${path}: real-time factor`, work / audio, 'x real time');
    quietly(`${path}: real-time factor, CPU`, cpu / audio, 'x real time');
    quietly(`${path}: word error rate`, (errors / words) * 100, '%');
  }
  console.log(
    `  all: ${totalAudio.toFixed(1)} s of audio, RTF ${(totalWork / totalAudio).toFixed(3)} (CPU ${(totalCpu / totalAudio).toFixed(3)}), WER ${percent(totalErrors / totalWords)} (${totalErrors}/${totalWords} words)`,
  );
  quietly(
    'reference recordings: real-time factor',
    totalWork / totalAudio,
    'x real time',
    '<= 0.35x real time',
  );
  quietly('reference recordings: real-time factor, CPU', totalCpu / totalAudio, 'x real time');
  quietly('reference recordings: word error rate', (totalErrors / totalWords) * 100, '%', '<= 12%');

  // Every recording twice in a row (about two minutes): one long upload, during which
  // /api/health is asked every 100 ms, as a monitor or another visitor's page would.
  const recordings = referenceTranscripts().map(({ path }) => referenceRecording(path));
  const long = new Float32Array(recordings.reduce((total, piece) => total + piece.length, 0) * 2);
  for (let offset = 0, index = 0; offset < long.length; index += 1) {
    const piece = recordings[index % recordings.length] ?? new Float32Array();
    long.set(piece, offset);
    offset += piece.length;
  }
  const app = await makeApp({
    env: { TEMP_DIR: join(folder, 'requests') },
    providers: {
      transcription: transcriber,
      text: unavailableEngine('Not measured here.'),
      speech: unavailableEngine('Not measured here.'),
    },
  });
  const healthTimes: number[] = [];
  let transcribing = true;
  const polling = (async () => {
    while (transcribing) {
      const asked = performance.now();
      const answer = await app.inject({ method: 'GET', url: API_PATHS.health });
      if (answer.statusCode === 200) healthTimes.push(performance.now() - asked);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const started = performance.now();
  const cpuStarted = cpuSeconds();
  const longResult = await transcriber.transcribe({ samples: long });
  delay.disable();
  transcribing = false;
  await polling;
  const elapsedSeconds = (performance.now() - started) / 1000;
  const cpu = cpuSeconds() - cpuStarted;
  const seconds = long.length / 16_000;
  const idlePause = await idlePauseMilliseconds(Math.min(elapsedSeconds, 20) * 1000);
  const longWer = wordErrors(
    Array.from({ length: 2 }, () => referenceTranscripts().map(({ text }) => text))
      .flat()
      .join(' '),
    longResult.text,
  );
  healthTimes.sort((first, second) => first - second);
  const memory = residentMegabytes();
  console.log(
    `\nOne ${seconds.toFixed(0)} s upload: RTF ${(elapsedSeconds / seconds).toFixed(3)} (CPU ${(cpu / seconds).toFixed(3)}), ${longResult.segments.length} segments, WER ${percent(longWer.errors / longWer.words)}`,
  );
  console.log(
    `  /api/health during it: ${healthTimes.length} answers, median ${(healthTimes[Math.floor(healthTimes.length / 2)] ?? 0).toFixed(1)} ms, slowest ${(healthTimes.at(-1) ?? 0).toFixed(1)} ms`,
  );
  console.log(
    `  longest event-loop pause during it ${(delay.max / 1e6).toFixed(0)} ms; while idle, ${idlePause.toFixed(0)} ms (the machine's other load)`,
  );
  console.log(
    `  resident memory: ${memory.current.toFixed(0)} MB now, peak ${memory.peak.toFixed(0)} MB (this process: transcription engine, VAD and the app)`,
  );
  const healthMedian = healthTimes[Math.floor(healthTimes.length / 2)] ?? 0;
  quietly('long upload: real-time factor', elapsedSeconds / seconds, 'x real time');
  quietly('long upload: real-time factor, CPU', cpu / seconds, 'x real time');
  quietly('long upload: word error rate', (longWer.errors / longWer.words) * 100, '%');
  quietly('long upload: /api/health median', healthMedian, 'ms');
  quietly('long upload: /api/health slowest', healthTimes.at(-1) ?? 0, 'ms', '< 100 ms');
  quietly('long upload: longest event-loop pause', delay.max / 1e6, 'ms');
  quietly('idle: longest event-loop pause', idlePause, 'ms');
  quietly('long upload: resident memory', memory.current, 'MB');
  quietly('long upload: peak resident memory', memory.peak, 'MB');

  // A visitor who goes away mid-upload: how soon the decode in progress stops (the route test
  // checks that it stops, whatever the machine; this is how fast).
  const visitor = new AbortController();
  const leaving = transcriber.transcribe({ samples: long, signal: visitor.signal });
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const leftAt = performance.now();
  visitor.abort();
  await leaving.catch(() => {});
  const stoppedAfter = performance.now() - leftAt;
  console.log(
    `\nA visitor who goes away 3 s into the long upload: the decode stopped ${stoppedAfter.toFixed(0)} ms later`,
  );
  quietly('visitor gone: the decode stopped after', stoppedAfter, 'ms');

  console.log(
    '\nOther languages, recorded (Asterisk telephone prompts, transcribed without a hint):',
  );
  let recordedDetected = 0;
  let recordedCount = 0;
  for (const [language, voiceFolder] of RECORDED_LANGUAGES) {
    for (const prompt of RECORDED_PROMPTS) {
      const path = join(ASTERISK_SOUNDS, voiceFolder, `${prompt}.wav`);
      if (!existsSync(path)) continue;
      const samples = await decodeToSamples({ path, sampleRate: 16_000, maxSeconds: 120 });
      const result = await transcriber.transcribe({ samples });
      recordedCount += 1;
      if (result.language === language) recordedDetected += 1;
      console.log(
        `  ${language} ${prompt} (${(samples.length / 16_000).toFixed(1)} s): detected ${String(result.language).padEnd(3)} ${result.language === language ? 'ok ' : 'NO '} "${result.text.slice(0, 90)}"`,
      );
    }
  }
  console.log(
    recordedCount === 0
      ? `  none: install ${RECORDED_LANGUAGES.map(([language]) => `asterisk-core-sounds-${language}-wav`).join(' ')}`
      : `  detected ${recordedDetected} of ${recordedCount}`,
  );
  if (recordedCount > 0) {
    quietly('recorded languages detected', (recordedDetected / recordedCount) * 100, '%');
  }

  console.log(
    '\nOther languages, synthesized (spoken by the speech engine, transcribed without a hint):',
  );
  const speaker = await createLocalSpeechSynthesizer({ modelsDir, temporaryDirectory: folder });
  console.log(`  speech: ${speaker.status().engine} (tier ${speaker.status().tier})`);
  let detected = 0;
  for (const [language, sentence] of OTHER_LANGUAGES) {
    try {
      const speech = await speaker.synthesize({
        text: sentence,
        voice: 'alloy',
        speed: 1,
        language,
      });
      const result = await transcriber.transcribe({ samples: toTranscriptionSamples(speech) });
      if (result.language === language) detected += 1;
      console.log(
        `  ${language}: detected ${String(result.language).padEnd(3)} ${result.language === language ? 'ok ' : 'NO '} "${result.text}"`,
      );
    } catch (error) {
      console.log(`  ${language}: ${String(error)}`);
    }
  }
  console.log(`  detected ${detected} of ${OTHER_LANGUAGES.length}`);
  quietly('synthesized languages detected', (detected / OTHER_LANGUAGES.length) * 100, '%', '100%');
  await speaker.close();

  console.log('\nRound trip (each voice transcribed):');
  const synthesizer = await createLocalSpeechSynthesizer({ modelsDir, temporaryDirectory: folder });
  console.log(`  speech: ${synthesizer.status().engine} (tier ${synthesizer.status().tier})`);
  const results: { voice: string; rate: number }[] = [];
  for (const voice of VOICES) {
    const speech = await synthesizer.synthesize({ text: ROUND_TRIP_SENTENCES, voice, speed: 1 });
    const result = await transcriber.transcribe({ samples: toTranscriptionSamples(speech) });
    const { errors, words } = wordErrors(ROUND_TRIP_SENTENCES, result.text);
    results.push({ voice, rate: errors / words });
    console.log(
      `  ${voice.padEnd(8)} WER ${percent(errors / words).padStart(6)}  "${result.text}"`,
    );
    quietly(`round trip, ${voice}: word error rate`, (errors / words) * 100, '%', '<= 10%');
  }
  const best = results.reduce((first, second) => (second.rate < first.rate ? second : first));
  console.log(`  best voice: ${best.voice} at ${percent(best.rate)}`);
  await synthesizer.close();
  // Closing the app closes its providers: the transcriber too.
  await app.close();
} finally {
  rmSync(folder, { recursive: true, force: true });
}
