/**
 * The server's layers only point down (ADR 051): the lint rule in eslint.config.js refuses an
 * import of a layer above, and today's code passes it. The rule is run through ESLint's own API on
 * small files placed in a layer, so a rule that stopped firing fails here, not only in review.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { ESLint } from 'eslint';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const RULE = 'import-x/no-restricted-paths';

/**
 * The workspace's own configuration with the layer rule alone: the type-aware rules would load the
 * whole TypeScript program for a few lines, and the files linted here exist only in memory.
 */
const eslint = new ESLint({
  cwd: ROOT,
  ruleFilter: ({ ruleId }) => ruleId === RULE,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

/** The layer rule's messages for `code` placed at `path` (from packages/server/src). */
async function layerErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, {
    filePath: join(ROOT, 'packages/server/src', path),
  });
  assert.ok(result, 'ESLint linted the file');
  return result.messages
    .filter((message) => message.ruleId === RULE)
    .map((message) => message.message);
}

test('a provider that imports the route list is refused', async () => {
  const errors = await layerErrors(
    'providers/layer-check.ts',
    "import { registerRoutes } from '../routes/index.ts';\nexport const routes = registerRoutes;\n",
  );
  assert.equal(errors.length, 1);
  assert.match(errors[0] ?? '', /providers\/ .*never imports a layer above it.*ADR 051/);
});

test('an HTTP helper that imports a tool, and shared ground that imports a writer, are refused', async () => {
  const helper = await layerErrors(
    'http/layer-check.ts',
    "import { acceptsAudio } from '../features/text-to-speech/route.ts';\nexport const accepts = acceptsAudio;\n",
  );
  assert.equal(helper.length, 1);
  const ground = await layerErrors(
    'text/layer-check.ts',
    "import { countWords } from '../writers/writing.ts';\nexport const count = countWords;\n",
  );
  assert.equal(ground.length, 1);
});

test('the provider interfaces never import an adapter', async () => {
  const errors = await layerErrors(
    'providers/types.ts',
    "export type { LlamaTextGenerator } from './local/text/llama-text-generator.ts';\n",
  );
  assert.equal(errors.length, 1);
  assert.match(errors[0] ?? '', /provider interfaces never import an adapter/);
});

test('imports that point down pass', async () => {
  const errors = await layerErrors(
    'features/text-to-speech/layer-check.ts',
    [
      "import { answerEventStream } from '../../http/event-stream.ts';",
      "import { QueuePlace } from '../../providers/job-queue.ts';",
      "import { withoutHtml } from '../../text/markdown.ts';",
      'export const used = [answerEventStream, QueuePlace, withoutHtml];',
      '',
    ].join('\n'),
  );
  assert.deepEqual(errors, []);
});

test('every folder and file of src/ has a layer: the app above them is out of its reach', async () => {
  const source = join(ROOT, 'packages/server/src');
  const parts = readdirSync(source, { withFileTypes: true }).filter(
    (entry) => !['app.ts', 'server.ts', 'worker.ts'].includes(entry.name),
  );
  assert.ok(parts.length > 10);
  for (const part of parts) {
    const path = part.isDirectory() ? `${part.name}/layer-check.ts` : part.name;
    const app = part.isDirectory() ? '../app.ts' : './app.ts';
    const errors = await layerErrors(path, `export { buildApp } from '${app}';\n`);
    assert.equal(errors.length, 1, `${part.name} has a layer in SERVER_LAYERS (eslint.config.js)`);
  }
});

test('no file of the server imports a layer above its own', async () => {
  const results = await eslint.lintFiles(['packages/server/src/**/*.ts']);
  assert.ok(results.length > 50, 'the server sources were linted');
  const refused = results.flatMap((result) =>
    result.messages
      .filter((message) => message.ruleId === RULE)
      .map((message) => `${result.filePath}:${message.line} ${message.message}`),
  );
  assert.deepEqual(refused, []);
});
