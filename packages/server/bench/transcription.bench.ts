/**
 * Transcription: the real-time factor and word error rate on Debian's reference recordings
 * (pocketsphinx-testdata: librivox and cards), the longest pause of the event loop during a long
 * transcription, and intelligibility: the word error rate of transcribing each voice's own speech
 * (a round trip). Targets: under 0.5x real time; round trip under 25% for the best English voice.
 * Prints figures and fails nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { VOICES } from '@ai-tools/contracts';
import { loadConfig } from '../src/config.ts';
import { createLocalSpeechSynthesizer } from '../src/providers/local/speech/index.ts';
import { createLocalTranscriber } from '../src/providers/local/transcription/index.ts';
import {
  cpuSeconds,
  referenceRecording,
  referenceTranscripts,
  toTranscriptionSamples,
  wordErrors,
} from '../test/helpers/local-engines.ts';

const ROUND_TRIP_SENTENCES =
  'The birch canoe slid on the smooth planks. Glue the sheet to the dark blue background. ' +
  'It is easy to tell the depth of a well. These days a chicken leg is a rare dish. ' +
  'Rice is often served in round bowls. The juice of lemons makes fine punch.';

const folder = mkdtempSync(join(tmpdir(), 'transcription-bench-'));
const modelsDir = loadConfig().MODELS_DIR;
const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/** The longest event-loop pause while idle: what the machine's other load alone causes. */
async function idlePauseMilliseconds(milliseconds: number): Promise<number> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  await new Promise((resolve) => setTimeout(resolve, milliseconds));
  delay.disable();
  return delay.max / 1e6;
}

try {
  const transcriber = await createLocalTranscriber({ modelsDir, temporaryDirectory: folder });
  const status = transcriber.status();
  console.log(`Transcription: ${status.engine} (tier ${status.tier})`);
  console.log(
    `Load average at start: ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')} on ${availableParallelism()} cores`,
  );
  console.log('Real-time factor: wall clock, and CPU time of this process and its engines.');

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
  }
  console.log(
    `  all: ${totalAudio.toFixed(1)} s of audio, RTF ${(totalWork / totalAudio).toFixed(3)} (CPU ${(totalCpu / totalAudio).toFixed(3)}), WER ${percent(totalErrors / totalWords)} (${totalErrors}/${totalWords} words)`,
  );

  // Every recording in a row: one long upload, to see the event loop stay free.
  const recordings = referenceTranscripts().map(({ path }) => referenceRecording(path));
  const long = new Float32Array(recordings.reduce((total, piece) => total + piece.length, 0) * 4);
  for (let offset = 0, index = 0; offset < long.length; index += 1) {
    const piece = recordings[index % recordings.length] ?? new Float32Array();
    long.set(piece, offset);
    offset += piece.length;
  }
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const started = performance.now();
  const cpuStarted = cpuSeconds();
  const longResult = await transcriber.transcribe({ samples: long });
  delay.disable();
  const elapsedSeconds = (performance.now() - started) / 1000;
  const cpu = cpuSeconds() - cpuStarted;
  const seconds = long.length / 16_000;
  const idlePause = await idlePauseMilliseconds(elapsedSeconds * 1000);
  console.log(
    `\nOne ${seconds.toFixed(0)} s upload: RTF ${(elapsedSeconds / seconds).toFixed(3)} (CPU ${(cpu / seconds).toFixed(3)}), ${longResult.segments.length} segments`,
  );
  console.log(
    `  longest event-loop pause during it ${(delay.max / 1e6).toFixed(0)} ms; while idle for as long, ${idlePause.toFixed(0)} ms (the machine's other load)`,
  );

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
  }
  const best = results.reduce((first, second) => (second.rate < first.rate ? second : first));
  console.log(`  best voice: ${best.voice} at ${percent(best.rate)}`);
  await synthesizer.close();
  await transcriber.close();
} finally {
  rmSync(folder, { recursive: true, force: true });
}
