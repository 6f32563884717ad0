/**
 * Every rate limit and queue limit is a setting (an operator can set each one by configuration,
 * with its default in .env.example; README "Configuration"): the settings reach the real routes and
 * engines, and .env.example shows each numeric setting with its default.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SERVER_MESSAGES, TOOL_DESCRIPTORS } from '@ai-tools/contracts';
import { REPOSITORY_ROOT, loadConfig, type Config } from '../src/config.ts';
import { closeProviders, createProviders } from '../src/providers/index.ts';
import { LlamaTextGenerator } from '../src/providers/local/text/index.ts';
import { testProviders } from './helpers/audio-doubles.ts';
import { writeTinyGguf } from './helpers/tiny-gguf.ts';
import { makeApp, testConfig } from './helpers/app.ts';
import { ProviderBusyError } from '../src/errors.ts';

/** Every tool's setting, each of its rate-limited paths, and its descriptor's budget. */
const RATE_LIMIT_SETTINGS: [keyof Config, string, number][] = TOOL_DESCRIPTORS.flatMap((tool) =>
  tool.rateLimit.paths.map((path): [keyof Config, string, number] => [
    tool.rateLimit.setting,
    path,
    tool.rateLimit.perMinute,
  ]),
);

test("each tool's rate limit is its RATE_LIMIT_* setting, by default its descriptor's budget", async () => {
  const defaults = loadConfig({});
  for (const [setting, , budget] of RATE_LIMIT_SETTINGS) assert.equal(defaults[setting], budget);

  const env = Object.fromEntries(RATE_LIMIT_SETTINGS.map(([setting]) => [setting, '2']));
  const app = await makeApp({ providers: testProviders(), env });
  try {
    for (const [setting, url] of RATE_LIMIT_SETTINGS) {
      // An empty body: a cheap 4xx that still counts against the budget.
      const send = () =>
        app.inject({ method: 'POST', url, payload: {}, remoteAddress: '192.0.2.9' });
      for (let index = 0; index < 2; index += 1) {
        assert.notEqual((await send()).statusCode, 429, `${setting}: request ${index + 1}`);
      }
      const limited = await send();
      assert.equal(limited.statusCode, 429, setting);
      assert.deepEqual(limited.json(), { message: SERVER_MESSAGES.rateLimited });
    }
  } finally {
    await app.close();
  }
});

test('SPEECH_ and TRANSCRIPTION_QUEUE_MAX_WAITING reach the engines that createProviders makes', async () => {
  // An empty models folder: the classic engines, and no text model to load.
  const modelsDir = mkdtempSync(join(tmpdir(), 'no-models-'));
  const providers = await createProviders(
    testConfig({
      MODELS_DIR: modelsDir,
      SPEECH_QUEUE_MAX_WAITING: '0',
      TRANSCRIPTION_QUEUE_MAX_WAITING: '0',
    }),
  );
  try {
    assert.equal(providers.speech.status().tier, 'classic', 'the classic speech engines are here');
    assert.equal(providers.transcription.status().tier, 'classic');
    // No place in line: while one job runs, the next from anyone is told the engine is busy.
    const speech = { text: 'Hello there.', voice: 'nova' as const, speed: 1 };
    const running = providers.speech.synthesize({ ...speech, visitor: 'first' });
    await assert.rejects(
      providers.speech.synthesize({ ...speech, visitor: 'second' }),
      ProviderBusyError,
    );
    await running;

    const samples = new Float32Array(16_000);
    const transcribing = providers.transcription.transcribe({ samples, visitor: 'first' });
    await assert.rejects(
      providers.transcription.transcribe({ samples, visitor: 'second' }),
      ProviderBusyError,
    );
    await transcribing;
  } finally {
    await closeProviders(providers);
    rmSync(modelsDir, { recursive: true, force: true });
  }
});

/** Loads the text engine on the tiny model with each of `settings` and hands it to `check`. */
async function withEachTextEngine(
  settings: Record<string, string>[],
  check: (engine: LlamaTextGenerator, setting: Record<string, string>) => void,
) {
  const folder = mkdtempSync(join(tmpdir(), 'text-engine-'));
  const modelPath = writeTinyGguf(join(folder, 'tiny.gguf'));
  try {
    for (const setting of settings) {
      const providers = await createProviders(
        testConfig({ MODELS_DIR: folder, TEXT_MODEL: modelPath, ...setting }),
      );
      try {
        assert.ok(providers.text instanceof LlamaTextGenerator, 'the tiny model loaded');
        check(providers.text, setting);
      } finally {
        await closeProviders(providers);
      }
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

test('TEXT_THREADS sets the CPU threads of the text model', async () => {
  await withEachTextEngine([{ TEXT_THREADS: '1' }, { TEXT_THREADS: '2' }], (engine, setting) =>
    assert.equal(engine.threads, Number(setting.TEXT_THREADS)),
  );
});

test('TEXT_PARALLEL sets how many generations the text model runs at once', async () => {
  await withEachTextEngine([{ TEXT_PARALLEL: '1' }, { TEXT_PARALLEL: '3' }], (engine, setting) =>
    assert.equal(engine.parallel, Number(setting.TEXT_PARALLEL)),
  );
});

test('TEXT_SEED makes each newly loaded text model write the same text for the same request', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'text-seed-'));
  const modelPath = writeTinyGguf(join(folder, 'tiny.gguf'));
  const written: string[] = [];
  try {
    for (let run = 0; run < 2; run += 1) {
      const providers = await createProviders(
        testConfig({ MODELS_DIR: folder, TEXT_MODEL: modelPath, TEXT_SEED: '7' }),
      );
      try {
        let text = '';
        for await (const chunk of providers.text.generate({
          system: 's',
          prompt: 'p',
          maxTokens: 20,
        }))
          text += chunk;
        written.push(text);
      } finally {
        await closeProviders(providers);
      }
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  assert.ok(written[0], 'the tiny model wrote');
  assert.equal(written[1], written[0]);
});

test('.env.example shows every numeric setting with its default', () => {
  const example = readFileSync(resolve(REPOSITORY_ROOT, '.env.example'), 'utf8');
  const shown = new Map(
    [...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((match) => [
      match[1],
      match[2]?.trim(),
    ]),
  );
  const defaults = loadConfig({});
  const numeric = Object.entries(defaults).filter(([, value]) => typeof value === 'number');
  assert.ok(numeric.length >= 20, `${numeric.length} numeric settings`);
  for (const [setting, value] of numeric) {
    assert.equal(shown.get(setting), String(value), `${setting} in .env.example`);
  }
});
