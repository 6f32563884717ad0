/**
 * `npm run bench`: runs every bench/*.bench.ts in turn, each in its own process so one engine's
 * memory never colours another's figures, then writes the run's record: one JSON file with the
 * machine, the settings and each benchmark's figures (see bench/record.ts), so figures can be
 * compared later with what they were measured on. Arguments other than `--web` keep only the
 * benchmarks whose file names contain one of them; `--web` (the root `npm run bench` passes it)
 * adds the website's gzip sizes, packages/web/scripts/bench-web.mjs, as the benchmark `web`.
 *
 * Benchmarks fail nothing on a missed target. A benchmark that crashes is reported and the next
 * one still runs; the record is written, then the runner exits with 1 so the crash is not missed.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism, cpus, loadavg, release, tmpdir, totalmem, type } from 'node:os';
import { join, resolve } from 'node:path';
import { loadConfig, REPOSITORY_ROOT } from '../src/config.ts';
import { MODEL_IDS, MODEL_MANIFEST } from '../src/models/manifest.ts';
import { findTextModel } from '../src/providers/local/text/index.ts';
import { FIGURES_FILE_VARIABLE, type Figure } from './record.ts';

interface Benchmark {
  name: string;
  /** What runs it: node with these arguments. */
  arguments: string[];
}

interface BenchmarkResult {
  name: string;
  /** Null when a signal ended it. */
  exitCode: number | null;
  signal: string | null;
  durationSeconds: number;
  loadAverageAtStart: number[];
  figures: Figure[];
}

const benchDirectory = import.meta.dirname;
const WEB_BENCH = resolve(REPOSITORY_ROOT, 'packages/web/scripts/bench-web.mjs');
const withWeb = process.argv.includes('--web');
const only = process.argv.slice(2).filter((argument) => argument !== '--web');
const wanted = (name: string) => only.length === 0 || only.some((word) => name.includes(word));

const benchmarks: Benchmark[] = readdirSync(benchDirectory)
  .filter((name) => name.endsWith('.bench.ts'))
  .sort()
  .map((name) => ({ name, arguments: ['--import', 'tsx', join(benchDirectory, name)] }));
if (withWeb) benchmarks.push({ name: 'web', arguments: [WEB_BENCH] });
const chosen = benchmarks.filter(({ name }) => wanted(name));
if (chosen.length === 0) {
  console.log(
    `No benchmark matches ${only.join(', ')}: ${benchmarks.map(({ name }) => name).join(', ')}`,
  );
  process.exit(1);
}

/** Git's answer, or null outside a checkout or without git: a record is written either way. */
function git(...gitArguments: string[]): string | null {
  const result = spawnSync('git', gitArguments, { cwd: REPOSITORY_ROOT, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

/** The settings that change what the benchmarks measure, as the benchmarks read them. */
function settings() {
  try {
    const config = loadConfig();
    const present = (path: string) => existsSync(join(config.MODELS_DIR, path));
    return {
      TEXT_MODEL: config.TEXT_MODEL,
      textModelFile: findTextModel({ modelsDir: config.MODELS_DIR, textModel: config.TEXT_MODEL }),
      TEXT_THREADS: config.TEXT_THREADS,
      WHISPER_MODEL: config.WHISPER_MODEL,
      MODELS_DIR: config.MODELS_DIR,
      modelsFound: MODEL_IDS.filter((model) =>
        MODEL_MANIFEST.filter((file) => file.model === model).every((file) => present(file.path)),
      ),
      // The writers benchmark's own options (bench/writers.bench.ts).
      WRITERS: process.env.WRITERS,
      STORY_WORDS: process.env.STORY_WORDS,
    };
  } catch (error) {
    // A wrong setting stops the benchmarks that read it, and the record says why.
    return { error: String(error) };
  }
}

function readFigures(file: string): Figure[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Figure);
}

const startedAt = new Date();
const machine = {
  cpuModel: cpus()[0]?.model ?? 'unknown',
  cores: cpus().length,
  /** What Node may use: less than `cores` in a container limited to fewer CPUs. */
  availableParallelism: availableParallelism(),
  totalMemoryMegabytes: Math.round(totalmem() / 1e6),
  system: `${type()} ${release()}`,
  nodeVersion: process.version,
  loadAverageAtStart: loadavg(),
  loadAverageAtEnd: [] as number[],
};
const runSettings = settings();
const scratch = mkdtempSync(join(tmpdir(), 'bench-figures-'));
const results: BenchmarkResult[] = [];
try {
  for (const [index, benchmark] of chosen.entries()) {
    console.log(`\n=== ${benchmark.name} ===`);
    const figuresFile = join(scratch, `${index}.jsonl`);
    const loadAverageAtStart = loadavg();
    const started = performance.now();
    const result = spawnSync(process.execPath, benchmark.arguments, {
      stdio: 'inherit',
      env: { ...process.env, [FIGURES_FILE_VARIABLE]: figuresFile },
    });
    results.push({
      name: benchmark.name,
      exitCode: result.status,
      signal: result.signal,
      durationSeconds: Number(((performance.now() - started) / 1000).toFixed(1)),
      loadAverageAtStart,
      figures: readFigures(figuresFile),
    });
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
machine.loadAverageAtEnd = loadavg();

const workingTreeStatus = git('status', '--porcelain');
const record = {
  startedAt: startedAt.toISOString(),
  finishedAt: new Date().toISOString(),
  filters: only,
  commit: git('rev-parse', 'HEAD'),
  /** True when the figures come from a working tree that differs from the commit. */
  uncommittedChanges: workingTreeStatus === null ? null : workingTreeStatus !== '',
  machine,
  settings: runSettings,
  units: {
    'x real time':
      'processing seconds per second of audio: smaller is faster, under 1 is faster than real time',
  },
  benchmarks: results,
};
// A relative folder counts from the repository root, as the server's folders do (.env.example).
const resultsDirectory = resolve(REPOSITORY_ROOT, process.env.BENCH_RESULTS_DIR || 'bench-results');
mkdirSync(resultsDirectory, { recursive: true });
// Colons are not allowed in Windows file names: 2025-01-31T09-30-00.000Z.json.
const recordFile = join(resultsDirectory, `${record.startedAt.replaceAll(':', '-')}.json`);
writeFileSync(recordFile, `${JSON.stringify(record, null, 2)}\n`);
console.log(`\nRecord of this run: ${recordFile}`);

// A crash, or the web benchmark's home page over its budget (its one failing check).
const failed = results.filter((result) => result.exitCode !== 0);
if (failed.length > 0) {
  console.log(
    `These benchmarks failed: ${failed
      .map(({ name, exitCode, signal }) => `${name} (${signal ?? `exit code ${exitCode}`})`)
      .join(', ')}`,
  );
  process.exitCode = 1;
}
