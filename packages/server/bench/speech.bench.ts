/**
 * Speech synthesis speed: the real-time factor (seconds of work per second of audio) of every
 * voice, for the synthesis alone and with the ffmpeg encoding into each output format. Target for
 * the classic voices, encoding included: under 0.1. Prints figures and fails nothing.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { OUTPUT_FORMATS, VOICES } from '@ai-tools/contracts';
import { encodePcm } from '../src/audio/encode.ts';
import { loadConfig } from '../src/config.ts';
import { createLocalSpeechSynthesizer } from '../src/providers/local/speech/index.ts';
import { pcmDurationSeconds } from '../src/audio/wav.ts';
import type { SpeechSynthesizer } from '../src/providers/types.ts';
import { childProcesses, cpuSeconds } from '../test/helpers/local-engines.ts';
import { record } from './record.ts';

/** Resident memory of this process's children (the long-lived festival voices), in MB. */
function childMemoryMegabytes(): number {
  let kilobytes = 0;
  for (const { pid } of childProcesses()) {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    kilobytes += Number(match?.[1] ?? 0);
  }
  return kilobytes / 1000;
}

const TEXT =
  'The birch canoe slid on the smooth planks. Glue the sheet to the dark blue background. ' +
  'It is easy to tell the depth of a well. These days a chicken leg is a rare dish.';
const OTHER_LANGUAGE = {
  language: 'es',
  text: 'El veloz murciélago hindú comía feliz cardillo y kiwi.',
};

const folder = mkdtempSync(join(tmpdir(), 'speech-bench-'));
const modelsDir = loadConfig().MODELS_DIR;

async function benchTier(label: string, synthesizer: SpeechSynthesizer) {
  const status = synthesizer.status();
  console.log(`\n${label}: ${status.engine} (tier ${status.tier})`);
  console.log('  real-time factor, wall clock / CPU time of this process and its engines');
  console.log(
    `  voice    audio s   synthesis    ${OUTPUT_FORMATS.map((format) => `+${format}`.padEnd(11)).join(' ')}`,
  );
  const worst = { voice: '', wall: 0, cpu: 0 };
  /** A table cell, wall clock / CPU time, added to the record too. */
  const pair = (name: string, wall: number, cpu: number) => {
    record({ name: `${label}, ${name}`, value: wall, unit: 'x real time' }, { print: false });
    record({ name: `${label}, ${name}, CPU`, value: cpu, unit: 'x real time' }, { print: false });
    return `${wall.toFixed(3)}/${cpu.toFixed(3)}`.padEnd(11);
  };
  for (const voice of VOICES) {
    // The first request of a voice may wait for its engine to load, as at server start-up.
    await synthesizer.synthesize({ text: 'Ready.', voice, speed: 1 });
    const started = performance.now();
    const cpuStarted = cpuSeconds();
    const speech = await synthesizer.synthesize({ text: TEXT, voice, speed: 1 });
    const synthesis = {
      wall: (performance.now() - started) / 1000,
      cpu: cpuSeconds() - cpuStarted,
    };
    const audioSeconds = pcmDurationSeconds(speech);
    const columns: string[] = [];
    for (const format of OUTPUT_FORMATS) {
      const encodingStarted = performance.now();
      const encodingCpuStarted = cpuSeconds();
      await encodePcm({ pcm: speech.pcm, sampleRate: speech.sampleRate, format, folder });
      const wall = (synthesis.wall + (performance.now() - encodingStarted) / 1000) / audioSeconds;
      const cpu = (synthesis.cpu + cpuSeconds() - encodingCpuStarted) / audioSeconds;
      if (wall > worst.wall) Object.assign(worst, { voice: `${voice} ${format}`, wall, cpu });
      columns.push(pair(`${voice} with ${format}`, wall, cpu));
    }
    console.log(
      `  ${voice.padEnd(8)} ${audioSeconds.toFixed(1).padStart(7)}   ${pair(`${voice} synthesis`, synthesis.wall / audioSeconds, synthesis.cpu / audioSeconds)}  ${columns.join(' ')}`,
    );
  }
  console.log(
    `  slowest with encoding: ${worst.voice} at ${worst.wall.toFixed(3)}x real time (CPU ${worst.cpu.toFixed(3)}x)`,
  );
  record(
    {
      name: `${label}, slowest with encoding`,
      value: worst.wall,
      unit: 'x real time',
      target: status.tier === 'classic' ? '< 0.1x real time' : undefined,
    },
    { print: false },
  );

  const started = performance.now();
  const speech = await synthesizer.synthesize({ ...OTHER_LANGUAGE, voice: 'alloy', speed: 1 });
  record({
    name: `${label}, other language (${OTHER_LANGUAGE.language}, espeak-ng)`,
    value: (performance.now() - started) / 1000 / pcmDurationSeconds(speech),
    unit: 'x real time',
  });
}

try {
  console.log(
    `Load average at start: ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')} on ${availableParallelism()} cores`,
  );
  const best = await createLocalSpeechSynthesizer({ modelsDir, temporaryDirectory: folder });
  await benchTier('Best local tier', best);
  if (best.status().tier !== 'classic') {
    const classic = await createLocalSpeechSynthesizer({
      modelsDir: folder,
      temporaryDirectory: folder,
    });
    await benchTier('Classic tier', classic);
    await classic.close();
  } else {
    console.log(`  (no neural voice in ${modelsDir}: run \`npm run models\` to bench it)`);
  }
  console.log('\nMemory:');
  const megabytes = process.memoryUsage().rss / 1e6;
  record({ name: 'memory of this process', value: megabytes, unit: 'MB RSS' });
  record({ name: 'memory of the engine processes', value: childMemoryMegabytes(), unit: 'MB RSS' });
  await best.close();
} finally {
  rmSync(folder, { recursive: true, force: true });
}
