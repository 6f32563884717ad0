/**
 * Which engine the site under test serves each capability with, from `/api/health`. The browser
 * tests are the gate for the real models: a silent fallback (festival for Kokoro, pocketsphinx for
 * Whisper, no text model) must fail them, not pass on a weaker engine.
 */
import assert from 'node:assert/strict';
import { basename } from 'node:path';
import { API_PATHS, type Capability, type HealthResponse } from '@ai-tools/contracts';
import { BASE_URL } from './browser.ts';

function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The GGUF file the writers run on: scripts/run-e2e.mjs passes TEXT_MODEL or TEXT_MODEL_PATH. */
function expectedTextModel(): RegExp {
  const path = process.env.TEXT_MODEL_PATH;
  const model = process.env.TEXT_MODEL;
  if (model && !model.endsWith('.gguf')) return new RegExp(`^${literal(model)}.*\\.gguf$`);
  const file = model ?? path;
  return file ? new RegExp(`^${literal(basename(file))}$`) : /\.gguf$/;
}

/** The neural engine each capability must run on in the browser tests. */
export function expectedEngine(capability: Capability): RegExp {
  switch (capability) {
    case 'speech':
      return /^Kokoro-82M/;
    case 'transcription':
      return new RegExp(`^Whisper ${process.env.WHISPER_MODEL ?? 'base'} `);
    case 'text':
      return expectedTextModel();
  }
}

/**
 * Fails with the server's own explanation when the capability is not served by its neural engine
 * (not ready, or a fallback), instead of a timeout or a pass on the wrong engine.
 */
export async function assertNeuralEngine(capability: Capability): Promise<void> {
  const response = await fetch(`${BASE_URL}${API_PATHS.health}`);
  const health = (await response.json()) as HealthResponse;
  const engine = health.engines[capability];
  assert.ok(
    engine?.ready,
    `The ${capability} engine is not ready: ${engine?.detail ?? 'no detail'}`,
  );
  assert.equal(
    engine.tier,
    'neural',
    `The ${capability} engine is the fallback ${engine.engine}: its model is missing or damaged (npm run models -- --verify)`,
  );
  assert.match(engine.engine, expectedEngine(capability), `the ${capability} engine`);
}
