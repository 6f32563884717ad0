/**
 * `npm run bench`: runs every bench/*.bench.ts in turn, each in its own process so one engine's
 * memory never colours another's figures. Benchmarks print figures; they fail nothing, so a bench
 * that crashes is reported and the next one still runs.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const benchDirectory = import.meta.dirname;
const only = process.argv.slice(2);
const benches = readdirSync(benchDirectory)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => only.length === 0 || only.some((wanted) => name.includes(wanted)))
  .sort();

const crashed: string[] = [];
for (const name of benches) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(benchDirectory, name)], {
    stdio: 'inherit',
  });
  if (result.status !== 0) crashed.push(name);
}
if (crashed.length > 0) console.log(`\nThese benchmarks did not finish: ${crashed.join(', ')}`);
