/**
 * The server runs with jemalloc (ADR 046): the variables that choose it work on this machine
 * (Debian's libjemalloc2 is installed), and each launcher sets the same ones as
 * src/memory-allocator.ts: package.json's `start` and the systemd unit.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { REPOSITORY_ROOT } from '../src/config.ts';
import { ALLOCATOR_ENVIRONMENT } from '../src/memory-allocator.ts';

const ALLOCATOR_MODULE = resolve(REPOSITORY_ROOT, 'packages/server/src/memory-allocator.ts');

/** What runsWithJemalloc() says in a new Node process with `environment`. */
function runsWithJemallocIn(environment: Record<string, string>): boolean {
  const output = execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '--eval',
      `const { runsWithJemalloc } = await import(${JSON.stringify(ALLOCATOR_MODULE)}); console.log(runsWithJemalloc());`,
    ],
    { env: { PATH: process.env.PATH ?? '', ...environment }, encoding: 'utf8' },
  );
  return output.trim() === 'true';
}

test('the allocator variables load jemalloc, and without them it is not there', () => {
  assert.equal(runsWithJemallocIn({ ...ALLOCATOR_ENVIRONMENT }), true);
  assert.equal(runsWithJemallocIn({}), false);
});

test('npm start and the systemd unit set the same variables', () => {
  const expected = Object.entries(ALLOCATOR_ENVIRONMENT).map(([name, value]) => `${name}=${value}`);
  const start = (
    JSON.parse(readFileSync(resolve(REPOSITORY_ROOT, 'packages/server/package.json'), 'utf8')) as {
      scripts: { start: string };
    }
  ).scripts.start;
  const unit = readFileSync(resolve(REPOSITORY_ROOT, 'deploy/ai-content-tools.service'), 'utf8');
  for (const setting of expected) {
    assert.ok(start.split(' ').includes(setting), `npm start lacks ${setting}: ${start}`);
    assert.ok(
      unit.split('\n').includes(`Environment=${setting}`),
      `the unit lacks Environment=${setting}`,
    );
  }
});
