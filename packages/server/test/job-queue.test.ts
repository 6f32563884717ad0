import { test } from 'node:test';
import assert from 'node:assert/strict';
import { JobQueue } from '../src/providers/local/job-queue.ts';
import { GenerationAbortedError, ProviderBusyError } from '../src/providers/errors.ts';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

test('runs up to the concurrency, queues up to maxWaiting, refuses the rest', async () => {
  const queue = new JobQueue({
    concurrency: 1,
    maxWaiting: 1,
    busyMessage: 'busy',
    retryAfterSeconds: 7,
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
      assert.equal(error.retryAfterSeconds, 7);
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
  const queue = new JobQueue({ concurrency: 1, maxWaiting: 2, busyMessage: 'busy' });
  const gate = deferred();
  const running = queue.run(() => gate.promise);
  const controller = new AbortController();
  let ran = false;
  const waiting = queue.run(async () => {
    ran = true;
  }, controller.signal);
  controller.abort();
  await assert.rejects(waiting, GenerationAbortedError);
  assert.equal(queue.size.waiting, 0);
  gate.resolve();
  await running;
  assert.equal(ran, false);
});

test('the running job receives the abort signal', async () => {
  const queue = new JobQueue({ concurrency: 1, maxWaiting: 0, busyMessage: 'busy' });
  const controller = new AbortController();
  const job = queue.run(
    (signal) =>
      new Promise((_, reject) =>
        signal.addEventListener('abort', () => reject(new GenerationAbortedError())),
      ),
    controller.signal,
  );
  controller.abort();
  await assert.rejects(job, GenerationAbortedError);
  assert.deepEqual(queue.size, { running: 0, waiting: 0 });
});

test('a finished job hands its place to the first in line, never to a newcomer', async () => {
  const queue = new JobQueue({ concurrency: 1, maxWaiting: 2, busyMessage: 'busy' });
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
