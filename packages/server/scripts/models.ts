/**
 * `npm run models`: downloads the recommended model files (src/models/manifest.ts) into MODELS_DIR.
 *
 *   --only text|speech|transcription   only that capability's files (repeatable)
 *   --if-missing                       the install's setup step: never fails (exit 0), one line
 *                                      when something could not be downloaded
 *
 * MODELS_BASE_URL replaces the upstream host (a mirror). Exit code 1 when a file failed, unless
 * --if-missing.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.ts';
import { downloadModels, type DownloadProgress } from '../src/models/download.ts';
import { MODEL_MANIFEST, MODEL_ROLES, type ModelRole } from '../src/models/manifest.ts';

const PREFIX = '[models]';
const say = (line: string) => console.log(`${PREFIX} ${line}`);

function parseArguments() {
  const { values } = parseArgs({
    options: {
      only: { type: 'string', multiple: true },
      'if-missing': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const only = (values.only ?? []).flatMap((value) => value.split(','));
  for (const role of only) {
    if (!MODEL_ROLES.includes(role as ModelRole)) {
      throw new Error(`--only takes ${MODEL_ROLES.join(', ')}; got "${role}".`);
    }
  }
  return { only: only as ModelRole[], ifMissing: values['if-missing'], help: values.help };
}

/** One line per file: redrawn in place on a terminal, every 10% otherwise (logs stay short). */
function progressPrinter() {
  const interactive = process.stdout.isTTY;
  const lastStep = new Map<string, number>();
  return ({ file, receivedBytes, totalBytes }: DownloadProgress) => {
    const megabytes = (receivedBytes / 1_000_000).toFixed(1);
    const percent = totalBytes ? Math.floor((receivedBytes / totalBytes) * 100) : undefined;
    const line = `${file.path}: ${megabytes} MB${percent === undefined ? '' : ` (${percent}%)`}`;
    if (interactive) {
      process.stdout.write(`\r${PREFIX} ${line}\u001b[K`);
      if (totalBytes && receivedBytes >= totalBytes) process.stdout.write('\n');
      return;
    }
    const step =
      percent === undefined ? Math.floor(receivedBytes / 50_000_000) : Math.floor(percent / 10);
    if (lastStep.get(file.path) !== step) {
      lastStep.set(file.path, step);
      say(line);
    }
  };
}

async function main(): Promise<number> {
  let ifMissing = process.argv.includes('--if-missing');
  try {
    const options = parseArguments();
    ifMissing = options.ifMissing;
    if (options.help) {
      console.log('Usage: npm run models [-- --only text|speech|transcription] [--if-missing]');
      return 0;
    }
    const config = loadConfig();
    const files = MODEL_MANIFEST.filter(
      (file) => file.recommended && (options.only.length === 0 || options.only.includes(file.role)),
    );
    if (!ifMissing) say(`Downloading ${files.length} files into ${config.MODELS_DIR}`);

    const outcomes = await downloadModels({
      modelsDir: config.MODELS_DIR,
      files,
      baseUrl: config.MODELS_BASE_URL,
      log: say,
      onProgress: progressPrinter(),
    });

    const failed = outcomes.filter((outcome) => outcome.result === 'failed');
    const present = outcomes.filter((outcome) => outcome.result === 'present').length;
    const downloaded = outcomes.filter((outcome) => outcome.result === 'downloaded').length;
    if (ifMissing) {
      if (failed.length === 0) {
        say(
          `Models ready in ${config.MODELS_DIR} (${downloaded} downloaded, ${present} already present).`,
        );
        return 0;
      }
      const firstReason = failed[0]!.reason;
      say(
        `${failed.length} of ${files.length} model files could not be downloaded (${firstReason}); the site starts with the engines it has. Retry with: npm run models`,
      );
      return 0;
    }
    for (const outcome of outcomes) {
      if (outcome.result === 'failed') say(`FAILED ${outcome.path}: ${outcome.reason}`);
      else say(`${outcome.result === 'present' ? 'present   ' : 'downloaded'} ${outcome.path}`);
    }
    if (failed.length > 0) {
      say(
        `${failed.length} of ${files.length} files failed; the site starts with the engines it has.`,
      );
      return 1;
    }
    say(`All ${files.length} files are ready in ${config.MODELS_DIR}.`);
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (ifMissing) {
      say(`Model download skipped (${message}); the site starts with the engines it has.`);
      return 0;
    }
    say(`FAILED: ${message}`);
    return 1;
  }
}

process.exitCode = await main();
