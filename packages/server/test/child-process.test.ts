import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { ProgramExitedError, runEngineProcess } from '../src/child-process.ts';
import { GenerationAbortedError, ProviderFailedError } from '../src/errors.ts';

const FAILURE = 'The test program failed. Please try again.';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('runEngineProcess, the one way the server runs a program', () => {
  test('passes the input on stdin and returns stdout', async () => {
    const output = await runEngineProcess('cat', [], {
      input: Buffer.from('hello engine'),
      failureMessage: FAILURE,
    });
    assert.equal(output.toString('utf8'), 'hello engine');
  });

  test('a failing program gives the visitor message, with its error output as the cause', async () => {
    await assert.rejects(
      runEngineProcess('sh', ['-c', 'echo broken model >&2; exit 3'], { failureMessage: FAILURE }),
      (error: unknown) => {
        assert.ok(error instanceof ProgramExitedError);
        assert.equal(error.message, FAILURE);
        assert.match(String((error.cause as Error).message), /exited with 3: broken model/);
        return true;
      },
    );
  });

  test('a program that is not installed fails with the visitor message, not as a bad input', async () => {
    await assert.rejects(
      runEngineProcess('no-such-program-here', [], { failureMessage: FAILURE }),
      (error: unknown) => {
        assert.ok(error instanceof ProviderFailedError);
        assert.ok(!(error instanceof ProgramExitedError));
        assert.equal(error.message, FAILURE);
        assert.equal((error.cause as NodeJS.ErrnoException).code, 'ENOENT');
        return true;
      },
    );
  });

  // The time limit only guards against a hang: the test waits as long as the shell takes to start.
  test(
    'an abort settles only after the child has exited, so temporary files can go',
    { timeout: 60_000 },
    async () => {
      const folder = await mkdtemp(join(tmpdir(), 'child-process-test-'));
      try {
        const pidFile = join(folder, 'pid');
        const controller = new AbortController();
        const run = runEngineProcess('sh', ['-c', `echo $$ > ${pidFile}; exec sleep 30`], {
          signal: controller.signal,
          failureMessage: FAILURE,
        });
        let pid = 0;
        while (!pid) {
          pid = Number(await readFile(pidFile, 'utf8').catch(() => '')) || 0;
          if (!pid) await delay(10);
        }
        assert.ok(pid > 0, 'the child wrote its process id');
        controller.abort();
        await assert.rejects(run, GenerationAbortedError);
        assert.equal(isRunning(pid), false, 'the child is gone when the run settles');
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
  );

  test('an already aborted signal starts nothing', async () => {
    await assert.rejects(
      runEngineProcess('sleep', ['30'], { signal: AbortSignal.abort(), failureMessage: FAILURE }),
      GenerationAbortedError,
    );
  });
});
