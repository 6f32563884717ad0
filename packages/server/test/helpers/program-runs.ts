/**
 * Counts the runs of programs the server starts (ffmpeg, espeak-ng): a folder put first on the
 * PATH holds a shim per program that notes each run, then runs the real one. Each run is a fork of
 * the whole server, so tests and benches count them.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

export interface ProgramRuns {
  /** How many times `program` has run since the shims went on the PATH. */
  runs(program: string): number;
  /** Takes the shims off the PATH and removes them. */
  remove(): void;
}

export function countProgramRuns(programs: readonly string[]): ProgramRuns {
  const folder = mkdtempSync(join(tmpdir(), 'program-runs-'));
  const notes = (program: string) => join(folder, `${program}.runs`);
  for (const program of programs) {
    const real = execFileSync('which', [program]).toString().trim();
    writeFileSync(
      join(folder, program),
      `#!/bin/sh\necho run >> '${notes(program)}'\nexec ${real} "$@"\n`,
      { mode: 0o755 },
    );
  }
  const searchPath = process.env.PATH;
  process.env.PATH = `${folder}${delimiter}${searchPath ?? ''}`;
  return {
    runs: (program) =>
      existsSync(notes(program))
        ? readFileSync(notes(program), 'utf8').trim().split('\n').length
        : 0,
    remove: () => {
      process.env.PATH = searchPath;
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
