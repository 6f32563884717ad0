/**
 * The engine for each capability is chosen once at start-up from the configuration and from what
 * MODELS_DIR holds.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  API_PATHS,
  INDIC_STORY_LANGUAGES,
  STORY_LANGUAGES,
  type HealthResponse,
  WRITER_MESSAGES,
} from '@ai-tools/contracts';
import { loadConfig, REPOSITORY_ROOT } from '../src/config.ts';
import { TEXT_MODEL_FILES } from '../src/models/manifest.ts';
import { closeProviders, createProviders } from '../src/providers/index.ts';
import { findTextModel } from '../src/providers/local/text/index.ts';
import { buildApp } from '../src/app.ts';
import { testConfig } from './helpers/app.ts';
import { writeTinyGguf } from './helpers/tiny-gguf.ts';
import { ProviderUnavailableError } from '../src/errors.ts';

const scratch = mkdtempSync(join(tmpdir(), 'providers-selection-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

function configFor(environment: Record<string, string>) {
  return loadConfig({ TEMP_DIR: join(scratch, 'temporary'), ...environment });
}

describe('createProviders with AI_PROVIDER=local', () => {
  test('a MODELS_DIR holding a GGUF text model: text is node-llama-cpp and ready', async () => {
    const modelsDir = join(scratch, 'with-model');
    const modelPath = join(modelsDir, TEXT_MODEL_FILES.qwenCoder15);
    mkdirSync(dirname(modelPath), { recursive: true });
    writeTinyGguf(modelPath);

    const loadErrors: string[] = [];
    const providers = await createProviders(
      configFor({ AI_PROVIDER: 'local', MODELS_DIR: modelsDir }),
      { onLoadError: (error, detail) => loadErrors.push(`${detail}: ${String(error)}`) },
    );
    try {
      // The reason first: a model that did not load shows here, not as a bare "ready: false".
      assert.deepEqual(loadErrors, []);
      assert.deepEqual(providers.text.status(), {
        engine: 'qwen2.5-coder-1.5b-instruct-q4_k_m.gguf',
        tier: 'neural',
        ready: true,
        // The manifest's model comes with the languages measured on it (ADR 059).
        weakLanguages: [...INDIC_STORY_LANGUAGES],
      });
      const chunks: string[] = [];
      for await (const chunk of providers.text.generate({
        system: 'You write.',
        prompt: 'Write.',
        maxTokens: 4,
      })) {
        chunks.push(chunk);
      }
      assert.ok(chunks.length > 0);
    } finally {
      await closeProviders(providers);
    }
  });

  test('TEXT_MODEL_PATH wins over MODELS_DIR', async () => {
    const modelPath = writeTinyGguf(join(scratch, 'chosen.gguf'));
    const providers = await createProviders(
      configFor({ MODELS_DIR: join(scratch, 'nothing-here'), TEXT_MODEL_PATH: modelPath }),
    );
    try {
      assert.equal(providers.text.status().engine, 'chosen.gguf');
      assert.equal(providers.text.status().ready, true);
    } finally {
      await closeProviders(providers);
    }
  });

  test('TEXT_MODEL picks a manifest model by id, or any GGUF file by path', () => {
    const modelsDir = join(scratch, 'two-models');
    for (const file of [TEXT_MODEL_FILES.qwenCoder15, TEXT_MODEL_FILES.smolLm135]) {
      mkdirSync(dirname(join(modelsDir, file)), { recursive: true });
      writeTinyGguf(join(modelsDir, file));
    }
    const chosen = (environment: Record<string, string>) => {
      const config = configFor({ MODELS_DIR: modelsDir, ...environment });
      return findTextModel({ modelsDir, textModel: config.TEXT_MODEL });
    };
    assert.equal(chosen({}), join(modelsDir, TEXT_MODEL_FILES.qwenCoder15), 'the default');
    assert.equal(
      chosen({ TEXT_MODEL: 'smollm2-135m' }),
      join(modelsDir, TEXT_MODEL_FILES.smolLm135),
    );
    // Chosen but not downloaded: the writers keep working on the model that is there.
    assert.equal(
      chosen({ TEXT_MODEL: 'qwen2.5-coder-0.5b' }),
      join(modelsDir, TEXT_MODEL_FILES.qwenCoder15),
    );
    const path = writeTinyGguf(join(scratch, 'own.gguf'));
    assert.equal(chosen({ TEXT_MODEL: path }), path);
    assert.equal(chosen({ TEXT_MODEL: join(scratch, 'missing.gguf') }), undefined);
    assert.throws(
      () => configFor({ TEXT_MODEL: 'gpt-9' }),
      /TEXT_MODEL: one of qwen2.5-coder-1.5b, qwen2.5-coder-0.5b, smollm2-135m, or the path to a GGUF file; got "gpt-9"/,
    );
  });

  test('a relative TEXT_MODEL_PATH counts from the repository root, as MODELS_DIR does', () => {
    const config = configFor({ MODELS_DIR: 'models', TEXT_MODEL_PATH: 'models/chosen.gguf' });
    assert.equal(config.TEXT_MODEL_PATH, join(REPOSITORY_ROOT, 'models', 'chosen.gguf'));
    assert.equal(config.TEXT_MODEL_PATH, join(config.MODELS_DIR, 'chosen.gguf'));
  });

  test('an empty MODELS_DIR: text is unavailable with how to enable it; speech and transcription are classic', async () => {
    const modelsDir = mkdtempSync(join(scratch, 'empty-'));
    const loadErrors: string[] = [];
    const providers = await createProviders(
      configFor({ AI_PROVIDER: 'local', MODELS_DIR: modelsDir }),
      { onLoadError: (error, detail) => loadErrors.push(`${detail}: ${String(error)}`) },
    );
    try {
      // The reason first: a model that did not load shows here, not as a bare "ready: false".
      assert.deepEqual(loadErrors, []);
      assert.deepEqual(providers.text.status(), {
        engine: 'none',
        tier: 'none',
        ready: false,
        detail: WRITER_MESSAGES.textGenerationUnavailable,
      });
      await assert.rejects(async () => {
        for await (const chunk of providers.text.generate({
          system: '',
          prompt: 'x',
          maxTokens: 4,
        })) {
          assert.fail(`no text may come from an unavailable engine, got ${chunk}`);
        }
      }, ProviderUnavailableError);
      assert.equal(providers.speech.status().tier, 'classic');
      assert.equal(providers.speech.status().ready, true);
      // pocketsphinx with the Silero VAD from the npm package: no download needed.
      assert.equal(providers.transcription.status().tier, 'classic');
      assert.equal(providers.transcription.status().ready, true);
    } finally {
      await closeProviders(providers);
    }
  });
});

describe('createProviders with AI_PROVIDER=openai-compatible', () => {
  test('every capability goes to the API, even when local models are present', async () => {
    const modelsDir = join(scratch, 'with-model');
    const providers = await createProviders(
      configFor({
        AI_PROVIDER: 'openai-compatible',
        MODELS_DIR: modelsDir,
        OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
        OPENAI_API_KEY: 'test-key',
      }),
    );
    try {
      for (const engine of [providers.text, providers.speech, providers.transcription]) {
        assert.equal(engine.status().tier, 'api');
        assert.equal(engine.status().ready, true);
      }
    } finally {
      await closeProviders(providers);
    }
  });
});

describe('GET /api/health', () => {
  test('says which engine serves each capability, as chosen at start-up', async () => {
    const modelsDir = join(scratch, 'health-models');
    const modelPath = join(modelsDir, TEXT_MODEL_FILES.smolLm135);
    mkdirSync(dirname(modelPath), { recursive: true });
    writeTinyGguf(modelPath);
    // The engines the configuration chooses, not makeApp's test engines.
    const app = await buildApp({
      config: testConfig({ AI_PROVIDER: 'local', MODELS_DIR: modelsDir }),
    });
    try {
      const response = await app.inject({ method: 'GET', url: API_PATHS.health });
      assert.equal(response.statusCode, 200);
      const { engines } = response.json<HealthResponse>();
      assert.deepEqual(engines.text, {
        engine: 'smollm2-135m-instruct-q4_1.gguf',
        tier: 'neural',
        ready: true,
        // The story page warns before a story in any of these (ADR 059).
        weakLanguages: STORY_LANGUAGES.filter((language) => language !== 'English'),
      });
      assert.equal(engines.speech?.tier, 'classic');
      assert.equal(engines.transcription?.tier, 'classic');
    } finally {
      await app.close();
    }
  });
});

describe('AI_WORKERS: where the AI work runs', () => {
  test('embedded by default; remote needs REDIS_URL, and says so', () => {
    assert.equal(configFor({}).AI_WORKERS, 'embedded');
    assert.throws(
      () => configFor({ AI_WORKERS: 'remote' }),
      /REDIS_URL: AI_WORKERS=remote puts the AI work on a queue in Redis/,
    );
    assert.throws(() => configFor({ AI_WORKERS: 'elsewhere' }), /AI_WORKERS/);
  });

  test('WORKER_CAPABILITIES: all by default, a list of known capabilities otherwise', () => {
    assert.deepEqual(configFor({}).WORKER_CAPABILITIES, ['speech', 'transcription', 'text']);
    assert.deepEqual(configFor({ WORKER_CAPABILITIES: ' text , speech' }).WORKER_CAPABILITIES, [
      'text',
      'speech',
    ]);
    assert.throws(() => configFor({ WORKER_CAPABILITIES: 'text,painting' }), /WORKER_CAPABILITIES/);
    assert.throws(() => configFor({ WORKER_CAPABILITIES: '' }), /WORKER_CAPABILITIES/);
  });

  test('a worker loads only the engines it serves', async () => {
    const providers = await createProviders(
      configFor({ AI_PROVIDER: 'local', MODELS_DIR: join(scratch, 'no-models') }),
      { capabilities: ['text'], runEnginesHere: true },
    );
    try {
      assert.equal(providers.speech.status().tier, 'none');
      assert.match(providers.speech.status().detail ?? '', /No AI worker for speech/);
      assert.equal(providers.transcription.status().tier, 'none');
    } finally {
      await closeProviders(providers);
    }
  });
});
