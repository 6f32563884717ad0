/**
 * Which engine served a route test. A neural engine that does not load leaves its capability to a
 * classic one (festival, pocketsphinx) or to none, and the routes still answer: a test of Kokoro,
 * Whisper or a GGUF model checks here, on the app it drives, that its engine is the one serving,
 * so a silent fallback fails it.
 */
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import {
  API_PATHS,
  healthResponseSchema,
  type Capability,
  type EngineTier,
} from '@ai-tools/contracts';

export async function assertEngine(
  app: FastifyInstance,
  capability: Capability,
  expected: { engine: string | RegExp; tier: EngineTier },
): Promise<void> {
  const response = await app.inject({ method: 'GET', url: API_PATHS.health });
  assert.equal(response.statusCode, 200, response.body);
  const status = healthResponseSchema.parse(response.json()).engines[capability];
  const label = `${capability} is served by ${JSON.stringify(status)}`;
  if (typeof expected.engine === 'string') assert.equal(status.engine, expected.engine, label);
  else assert.match(status.engine, expected.engine, label);
  assert.equal(status.tier, expected.tier, label);
  assert.equal(status.ready, true, label);
}
