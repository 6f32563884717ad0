import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { buildApp, type AppOptions } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import type { Transcriber } from '../../src/providers/types.ts';
import { unavailableEngine } from '../../src/providers/unavailable.ts';
import { testProviders } from './audio-doubles.ts';

/**
 * One scratch folder per test process for the SQLite file and the requests' temporary folders, so
 * tests never write into the repository's data/ folder.
 */
const TEST_SCRATCH_DIR = mkdtempSync(join(tmpdir(), 'server-test-'));
process.once('exit', () => rmSync(TEST_SCRATCH_DIR, { recursive: true, force: true }));

/** A configuration for tests: temporary folders, no network, silent logs. */
export function testConfig(overrides: Partial<Record<keyof Config, string>> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: join(TEST_SCRATCH_DIR, 'data'),
    TEMP_DIR: join(TEST_SCRATCH_DIR, 'temp'),
    ...overrides,
  });
}

/** A fake built website, so the SPA fallback can be checked without running Vite. */
export function makeWebDist(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dir, 'app.js'), 'console.log("app")');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The app on test engines unless the test passes its own: the real ones load models from the
 * user's cache (seconds and hundreds of MB), which only the tests of those engines need. A test
 * of the engines the configuration chooses calls buildApp with testConfig itself.
 */
export async function makeApp(
  options: Partial<AppOptions> & { env?: Partial<Record<keyof Config, string>> } = {},
) {
  const { env, providers = testProviders(), ...rest } = options;
  return buildApp({ config: testConfig(env), providers, ...rest });
}

/** A logger option for makeApp that keeps every log line in `lines`, to check what is logged. */
export function capturedLogger(lines: string[]) {
  return {
    level: 'info',
    stream: new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    }),
  };
}

/**
 * The app with one real transcriber and no other engine, the requests' temporary folders under
 * `temporaryRoot` so a test can see that nothing is left there.
 */
export function makeTranscriptionApp(transcription: Transcriber, temporaryRoot: string) {
  return makeApp({
    env: { TEMP_DIR: temporaryRoot },
    providers: {
      transcription,
      text: unavailableEngine('No text engine in this test.'),
      speech: unavailableEngine('No speech engine in this test.'),
    },
  });
}
