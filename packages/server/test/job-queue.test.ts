import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JobQueue } from '../src/providers/local/job-queue.ts';
import { SERVER_MESSAGES } from '@ai-tools/contracts';
import { GenerationAbortedError, ProviderBusyError, VisitorHasJobError } from '../src/errors.ts';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

test('runs up to the concurrency, queues up to maxWaiting, refuses the rest', async () => {
  const queue = new JobQueue({
    concurrency: 1,
    maxWaiting: 1,
    expectedJobSeconds: 7,
  });
  const gate = deferred();
  const order: string[] = [];
  const first = queue.run(async () => {
    order.push('first');
    await gate.promise;
  });
  const second = queue.run(async () => {
    order.push('second');
  });
  await assert.rejects(
    queue.run(async () => {}),
    (error: unknown) => {
      assert.ok(error instanceof ProviderBusyError);
      // One running, one waiting: the first place frees when the running job ends, in about 7 s.
      assert.equal(error.retryAfterSeconds, 7);
      assert.equal(
        error.message,
        'The server is busy: 2 requests are ahead of yours. Please try again in about 7 seconds.',
      );
      return true;
    },
  );
  assert.deepEqual(queue.size, { running: 1, waiting: 1 });
  gate.resolve();
  await Promise.all([first, second]);
  assert.deepEqual(order, ['first', 'second']);
  assert.deepEqual(queue.size, { running: 0, waiting: 0 });
});

test('a waiting job whose signal aborts leaves the line', async () => {
  const queue = new JobQueue({ concurrency: 1, maxWaiting: 2, expectedJobSeconds: 1 });
  const gate = deferred();
  const running = queue.run(() => gate.promise);
  const controller = new AbortController();
  let ran = false;
  const waiting = queue.run(
    async () => {
      ran = true;
    },
    { signal: controller.signal },
  );
  controller.abort();
  await assert.rejects(waiting, GenerationAbortedError);
  assert.equal(queue.size.waiting, 0);
  gate.resolve();
  await running;
  assert.equal(ran, false);
});

test('the running job receives the abort signal', async () => {
  const queue = new JobQueue({ concurrency: 1, maxWaiting: 0, expectedJobSeconds: 1 });
  const controller = new AbortController();
  const job = queue.run(
    (signal) =>
      new Promise((_, reject) =>
        signal.addEventListener('abort', () => reject(new GenerationAbortedError())),
      ),
    { signal: controller.signal },
  );
  controller.abort();
  await assert.rejects(job, GenerationAbortedError);
  assert.deepEqual(queue.size, { running: 0, waiting: 0 });
});

test('a finished job hands its place to the first in line, never to a newcomer', async () => {
  const queue = new JobQueue({ concurrency: 1, maxWaiting: 2, expectedJobSeconds: 1 });
  const gate = deferred();
  const order: string[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const job = (name: string) => async () => {
    running += 1;
    mostAtOnce = Math.max(mostAtOnce, running);
    order.push(name);
    await new Promise((resolve) => setImmediate(resolve));
    running -= 1;
  };
  const first = queue.run(() => gate.promise);
  const second = queue.run(job('second'));
  // Asks for a place in the very turn the first job ends, before the waiting job has resumed.
  const third = gate.promise.then(() => queue.run(job('third')));
  gate.resolve();
  await Promise.all([first, second, third]);
  assert.deepEqual(order, ['second', 'third']);
  assert.equal(mostAtOnce, 1);
  assert.deepEqual(queue.size, { running: 0, waiting: 0 });
});

test('one running or waiting job per visitor: a second one gets a 429 with the wait', async () => {
  const queue = new JobQueue({ concurrency: 1, maxWaiting: 5, expectedJobSeconds: 4 });
  const gate = deferred();
  const first = queue.run(() => gate.promise, { visitor: '10.0.0.1' });
  await assert.rejects(
    queue.run(async () => {}, { visitor: '10.0.0.1' }),
    (error: unknown) => {
      assert.ok(error instanceof VisitorHasJobError);
      assert.equal(error.statusCode, 429);
      assert.equal(error.message, SERVER_MESSAGES.visitorHasJob);
      assert.equal(error.retryAfterSeconds, 4);
      return true;
    },
  );
  // Another visitor still gets in line.
  const other = queue.run(async () => 'other', { visitor: '10.0.0.2' });
  gate.resolve();
  await first;
  assert.equal(await other, 'other');
  // Once the first job is done, the same visitor may ask again.
  assert.equal(await queue.run(async () => 'again', { visitor: '10.0.0.1' }), 'again');
});

test('a visitor who stops a running job may ask again at once, and waits for it to end', async () => {
  const queue = new JobQueue({ concurrency: 1, maxWaiting: 5, expectedJobSeconds: 4 });
  const stop = new AbortController();
  const windingDown = deferred();
  const order: string[] = [];
  const stopped = queue.run(
    async () => {
      await windingDown.promise;
      order.push('stopped job ended');
    },
    { visitor: '10.0.0.1', signal: stop.signal },
  );
  // Before the Stop, a second job of the visitor is refused.
  await assert.rejects(
    queue.run(async () => {}, { visitor: '10.0.0.1' }),
    VisitorHasJobError,
  );
  stop.abort();
  const again = queue.run(
    async () => {
      order.push('new job ran');
      return 'again';
    },
    { visitor: '10.0.0.1' },
  );
  assert.deepEqual(queue.size, { running: 1, waiting: 1 });
  windingDown.resolve();
  await stopped;
  assert.equal(await again, 'again');
  assert.deepEqual(order, ['stopped job ended', 'new job ran']);
});

test('a waiting job hears its place and estimate as the line moves', async () => {
  const queue = new JobQueue({ concurrency: 1, maxWaiting: 5, expectedJobSeconds: 10 });
  const gates = [deferred(), deferred()];
  const first = queue.run(() => gates[0]!.promise);
  const second = queue.run(() => gates[1]!.promise);
  const heard: { ahead: number; estimatedWaitSeconds: number }[] = [];
  const third = queue.run(async () => {}, { onQueuePosition: (position) => heard.push(position) });
  assert.deepEqual(heard, [{ ahead: 2, estimatedWaitSeconds: 20 }]);
  gates[0]!.resolve();
  await first;
  assert.equal(heard.at(-1)?.ahead, 1);
  gates[1]!.resolve();
  await Promise.all([second, third]);
  assert.deepEqual(heard.at(-1), { ahead: 0, estimatedWaitSeconds: 0 });
});

test('the estimate follows the measured job durations', async () => {
  const queue = new JobQueue({ concurrency: 1, maxWaiting: 1, expectedJobSeconds: 100 });
  // Each job's duration as the queue measures it is within what the test sees around it, so the
  // bound holds on a machine of any speed: the 100 s guess has faded to under a second, and the
  // rest of the average is made of measured durations.
  let longestSeconds = 0;
  for (let index = 0; index < 20; index += 1) {
    const started = performance.now();
    await queue.run(async () => {});
    longestSeconds = Math.max(longestSeconds, (performance.now() - started) / 1000);
  }
  assert.ok(
    queue.averageSeconds < 1 + longestSeconds,
    `average ${queue.averageSeconds} s after 20 instant jobs (the longest took ${longestSeconds} s)`,
  );
  assert.deepEqual(queue.positionForNewcomer(), { ahead: 0, estimatedWaitSeconds: 0 });
});
