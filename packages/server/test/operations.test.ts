/**
 * Running the site as a service (ADR 022): the systemd units in deploy/ are valid for
 * systemd itself, restart the server on failure, and the health check they run tells a server that
 * answers /api/health from one that does not.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { API_PATHS } from '@ai-tools/contracts';
import { REPOSITORY_ROOT } from '../src/config.ts';
import { makeApp } from './helpers/app.ts';
import { testProviders } from './helpers/audio-doubles.ts';

const run = promisify(execFile);
const DEPLOY = resolve(REPOSITORY_ROOT, 'deploy');
const UNITS = [
  'ai-content-tools.service',
  'ai-content-tools-health.service',
  'ai-content-tools-health.timer',
  'ai-content-tools-worker.service',
];
const SYSTEMD_ANALYZE = '/usr/bin/systemd-analyze';
const HEALTH_CHECK = resolve(REPOSITORY_ROOT, 'scripts/health-check.mjs');

/** `systemd-analyze verify` on these files: its exit code and what it printed. */
async function verify(paths: string[]) {
  try {
    const { stdout, stderr } = await run(SYSTEMD_ANALYZE, ['verify', ...paths]);
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failure.code ?? 1, output: `${failure.stdout ?? ''}${failure.stderr ?? ''}` };
  }
}

/** The `Key=value` lines of a unit file. */
function settings(unit: string): Map<string, string> {
  const lines = readFileSync(join(DEPLOY, unit), 'utf8').split('\n');
  return new Map(
    lines
      .filter((line) => /^[A-Za-z]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

test('the units restart the server on failure and check /api/health', () => {
  const main = settings('ai-content-tools.service');
  assert.equal(main.get('Restart'), 'on-failure');
  assert.match(main.get('ExecStart') ?? '', /--import tsx src\/server\.ts$/);
  assert.ok(existsSync(resolve(REPOSITORY_ROOT, 'packages/server/src/server.ts')));
  assert.equal(main.get('UMask'), '0077');

  const health = settings('ai-content-tools-health.service');
  const command = health.get('ExecStart') ?? '';
  assert.ok(command.includes(`scripts/health-check.mjs http://127.0.0.1:3000${API_PATHS.health}`));
  assert.ok(command.includes('systemctl restart ai-content-tools.service'));
  assert.ok(settings('ai-content-tools-health.timer').has('OnUnitActiveSec'));

  const worker = settings('ai-content-tools-worker.service');
  assert.equal(worker.get('Restart'), 'on-failure');
  assert.match(worker.get('ExecStart') ?? '', /--import tsx src\/worker\.ts$/);
  assert.ok(existsSync(resolve(REPOSITORY_ROOT, 'packages/server/src/worker.ts')));
});

test('systemd-analyze verify accepts the units, and refuses a broken one', async (context) => {
  if (!existsSync(SYSTEMD_ANALYZE)) {
    context.diagnostic('systemd-analyze is not on this machine: the units are not verified');
    return;
  }
  const result = await verify(UNITS.map((unit) => join(DEPLOY, unit)));
  assert.equal(result.code, 0, result.output);
  assert.equal(result.output.trim(), '');

  // The check itself can fail: a unit with a wrong value is refused.
  const folder = mkdtempSync(join(tmpdir(), 'units-'));
  try {
    const broken = join(folder, 'ai-content-tools.service');
    writeFileSync(
      broken,
      readFileSync(join(DEPLOY, 'ai-content-tools.service'), 'utf8').replace(
        'Type=simple',
        'Type=sometimes',
      ),
    );
    const refused = await verify([broken]);
    assert.match(refused.output, /service type/i, refused.output);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('the health check passes for a serving site and fails for one that does not answer', async () => {
  const app = await makeApp({ providers: testProviders() });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${API_PATHS.health}`;
  try {
    const { stdout } = await run(process.execPath, [HEALTH_CHECK, url], { timeout: 30_000 });
    assert.match(stdout, /^healthy/);
  } finally {
    await app.close();
  }
  await assert.rejects(run(process.execPath, [HEALTH_CHECK, url], { timeout: 30_000 }), (error) => {
    assert.equal((error as { code?: number }).code, 1);
    assert.match(String((error as { stderr?: string }).stderr), /^unhealthy/);
    return true;
  });
});
