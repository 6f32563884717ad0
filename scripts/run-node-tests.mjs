// Runs node:test on every *.test.ts file under the given folders (or the given files), through tsx.
// Node 20's test runner cannot expand globs itself, so the files are listed here.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';

const folders = process.argv.slice(2);
if (folders.length === 0) {
  console.error('Usage: node scripts/run-node-tests.mjs FOLDER [FOLDER ...]');
  process.exit(2);
}

function findTests(folder) {
  if (!statSync(folder).isDirectory()) return [folder];
  const found = [];
  for (const name of readdirSync(folder)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(folder, name);
    if (statSync(path).isDirectory()) found.push(...findTests(path));
    else if (name.endsWith('.test.ts')) found.push(path);
  }
  return found;
}

const files = folders.flatMap(findTests).sort();
if (files.length === 0) {
  console.error(
    `No test files found under ${folders.join(', ')}: a test suite that runs nothing is a failure.`,
  );
  process.exit(1);
}
console.log(
  `Running ${files.length} test files: ${files.map((file) => relative('.', file)).join(' ')}`,
);
const result = spawnSync(
  process.execPath,
  // --test-force-exit: a test that fails before closing what it opened (an app, an engine
  // process) must fail the run, not leave it waiting for its handles forever.
  [
    '--import',
    'tsx',
    '--test',
    '--test-reporter=spec',
    '--test-concurrency=1',
    '--test-force-exit',
    ...files,
  ],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
