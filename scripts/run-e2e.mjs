// Browser tests against the real `npm start`: builds and starts the site once on a free port,
// runs every e2e/*.test.ts with E2E_BASE_URL set, then stops the server.
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl, server, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`npm start exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The site did not answer ${baseUrl}/api/health within ${timeoutMs / 1000} s`);
}

const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
// The writers run on SmolLM2-135M, the smallest real model that `npm run models` fetches: real
// instruction following, fast enough for every writer test on two cores. A TEXT_MODEL or
// TEXT_MODEL_PATH given by the caller wins (TEXT_MODEL=qwen2.5-coder-1.5b tests the default).
const textModel =
  process.env.TEXT_MODEL ?? (process.env.TEXT_MODEL_PATH ? undefined : 'smollm2-135m');

const environment = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  ...(textModel ? { TEXT_MODEL: textModel } : {}),
  // A fixed seed: the writers' tests read the same text on every run. The caller's TEXT_SEED wins.
  TEXT_SEED: process.env.TEXT_SEED ?? '1',
  LOG_LEVEL: 'warn',
};

console.log(`Starting the site with npm start on ${baseUrl}`);
const server = spawn('npm', ['start'], {
  env: environment,
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});

let stopped = false;
function stopServer() {
  if (stopped) return;
  stopped = true;
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}
process.on('exit', stopServer);

let status = 1;
try {
  await waitForHealth(baseUrl, server, 300_000);
  const result = spawnSync(process.execPath, ['scripts/run-node-tests.mjs', 'e2e'], {
    stdio: 'inherit',
    env: { ...environment, E2E_BASE_URL: baseUrl },
  });
  status = result.status ?? 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  stopServer();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
