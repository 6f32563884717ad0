import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SERVER_MESSAGES, type QueueEvent } from '@ai-tools/contracts';
import { JobQueue, QueuePlace } from '../src/providers/job-queue.ts';
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
    expectedSecondsPerUnit: 7,
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
  const queue = new JobQueue({ concurrency: 1, maxWaiting: 2, expectedSecondsPerUnit: 1 });
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
  const queue = new JobQueue({ concurrency: 1, maxWaiting: 0, expectedSecondsPerUnit: 1 });
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
  const queue = new JobQueue({ concurrency: 1, maxWaiting: 2, expectedSecondsPerUnit: 1 });
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
  const queue = new JobQueue({ concurrency: 1, maxWaiting: 5, expectedSecondsPerUnit: 4 });
  const gate = deferred();
  const first = queue.run(() => gate.promise, { visitor: '10.0.0.1' });
  await assert.rejects(
    queue.run(async () => {}, { visitor: '10.0.0.1' }),
    (error: unknown) => {
      assert.ok(error instanceof VisitorHasJobError);
      assert.equal(error.statusCode, 429);
      assert.equal(error.message, SERVER_MESSAGES.visitorHasJob());
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

test("the refusal names the tool that holds the visitor's job, or the queue's own tool", async () => {
  // The writers share one text engine: a blog post asked while a story is written names the story.
  const shared = new JobQueue({ concurrency: 2, maxWaiting: 5, expectedSecondsPerUnit: 1 });
  const gate = deferred();
  const story = shared.run(() => gate.promise, { visitor: '10.0.0.1', tool: 'stroy-speech' });
  await assert.rejects(
    shared.run(async () => {}, { visitor: '10.0.0.1', tool: 'blog-text' }),
    (error: unknown) => {
      assert.ok(error instanceof VisitorHasJobError);
      assert.equal(error.message, SERVER_MESSAGES.visitorHasJob('stroy-speech'));
      assert.match(error.message, /^You already have a story being written/);
      return true;
    },
  );
  gate.resolve();
  await story;

  const speech = new JobQueue({
    concurrency: 1,
    maxWaiting: 5,
    expectedSecondsPerUnit: 1,
    tool: 'text-to-speech',
  });
  const held = deferred();
  const first = speech.run(() => held.promise, { visitor: '10.0.0.1' });
  await assert.rejects(
    speech.run(async () => {}, { visitor: '10.0.0.1' }),
    {
      message: SERVER_MESSAGES.visitorHasJob('text-to-speech'),
    },
  );
  held.resolve();
  await first;
});

test("a request's place keeps its visitor busy after its first job, until it leaves or is stopped", async () => {
  const queue = new JobQueue({ concurrency: 2, maxWaiting: 5, expectedSecondsPerUnit: 1 });
  const request = new AbortController();
  const place = new QueuePlace(10, request.signal);
  // Each job gets a signal of its own that ends with it, as the text engine's generations do.
  const job = async () => {
    const own = new AbortController();
    try {
      return await queue.run(async () => 'part', {
        visitor: '10.0.0.1',
        tool: 'stroy-speech',
        place,
        signal: own.signal,
      });
    } finally {
      own.abort();
    }
  };
  assert.equal(await job(), 'part');
  // The plan is done, the story goes on: the same visitor is still refused.
  await assert.rejects(
    queue.run(async () => {}, { visitor: '10.0.0.1', tool: 'blog-text' }),
    {
      message: SERVER_MESSAGES.visitorHasJob('stroy-speech'),
    },
  );
  assert.equal(await job(), 'part');
  // Stop: the visitor may ask again at once, while the place winds down.
  request.abort();
  assert.equal(await queue.run(async () => 'blog', { visitor: '10.0.0.1' }), 'blog');
  place.leave();
});

test('a visitor who stops a running job may ask again at once, and waits for it to end', async () => {
  const queue = new JobQueue({ concurrency: 1, maxWaiting: 5, expectedSecondsPerUnit: 4 });
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
  const queue = new JobQueue({ concurrency: 1, maxWaiting: 5, expectedSecondsPerUnit: 10 });
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

/** A clock the test moves by hand. */
function manualClock() {
  let milliseconds = 0;
  return {
    now: () => milliseconds,
    advance: (seconds: number) => (milliseconds += seconds * 1000),
  };
}

test('waits are the work ahead at the speed measured on this machine', async () => {
  const clock = manualClock();
  const queue = new JobQueue({
    concurrency: 1,
    maxWaiting: 2,
    expectedSecondsPerUnit: 1,
    now: clock.now,
  });
  // Before any job has finished, the first guess: 1 s a unit.
  const firstGate = deferred();
  const first = queue.run(() => firstGate.promise, { cost: 10 });
  assert.deepEqual(queue.positionForNewcomer(), { ahead: 1, estimatedWaitSeconds: 10 });
  clock.advance(4);
  assert.deepEqual(queue.positionForNewcomer(), { ahead: 1, estimatedWaitSeconds: 6 });
  // It takes 20 s for its 10 units: this machine does a unit in 2 s.
  clock.advance(16);
  firstGate.resolve();
  await first;
  assert.equal(queue.secondsPerUnit, 2);

  // 30 units at work, 5 in line: a newcomer starts after 70 s.
  const gates = [deferred(), deferred()];
  const running = queue.run(() => gates[0]!.promise, { cost: 30 });
  const waiting = queue.run(() => gates[1]!.promise, { cost: 5 });
  const heard: QueueEvent[] = [];
  const last = queue.run(async () => {}, { cost: 1, onQueuePosition: (p) => heard.push(p) });
  assert.deepEqual(heard, [{ ahead: 2, estimatedWaitSeconds: 70 }]);
  // The line is full: a place in it frees when the running job ends, in 60 s, then 50 s.
  for (const expected of [60, 50]) {
    await assert.rejects(
      queue.run(async () => {}, { cost: 1 }),
      (error: unknown) => {
        assert.ok(error instanceof ProviderBusyError);
        assert.equal(error.retryAfterSeconds, expected);
        assert.equal(error.message, SERVER_MESSAGES.engineBusy(3, expected));
        return true;
      },
    );
    clock.advance(10);
  }
  // Past its estimate, the running job is taken to end any moment.
  clock.advance(50);
  await assert.rejects(
    queue.run(async () => {}, { cost: 1 }),
    (error: unknown) => error instanceof ProviderBusyError && error.retryAfterSeconds === 1,
  );
  // Its 30 units in 70 s join the measurements; the job behind it is told its own 5 units.
  gates[0]!.resolve();
  await running;
  const secondsPerUnit = (20 * 0.7 + 70) / (10 * 0.7 + 30);
  assert.equal(queue.secondsPerUnit, secondsPerUnit);
  assert.deepEqual(heard.at(-1), {
    ahead: 1,
    estimatedWaitSeconds: Math.ceil(5 * secondsPerUnit),
  });
  gates[1]!.resolve();
  await Promise.all([waiting, last]);
  assert.deepEqual(heard.at(-1), { ahead: 0, estimatedWaitSeconds: 0, estimatedRunSeconds: 2 });
});

test('a job that starts is told how long its own work takes at the measured speed', async () => {
  const clock = manualClock();
  const queue = new JobQueue({
    concurrency: 1,
    maxWaiting: 5,
    expectedSecondsPerUnit: 1,
    now: clock.now,
  });
  const gate = deferred();
  const first = queue.run(() => gate.promise, { cost: 10 });
  // 10 units in 30 s: this machine does a unit in 3 s, not the 1 s guessed.
  clock.advance(30);
  gate.resolve();
  await first;

  const heard: QueueEvent[] = [];
  await queue.run(async () => {}, { cost: 4, onQueuePosition: (position) => heard.push(position) });
  assert.deepEqual(heard, [{ ahead: 0, estimatedWaitSeconds: 0, estimatedRunSeconds: 12 }]);
  // A job of unknown cost has no estimate of its own.
  const unknown: QueueEvent[] = [];
  await queue.run(async () => {}, { onQueuePosition: (position) => unknown.push(position) });
  assert.deepEqual(unknown, [{ ahead: 0, estimatedWaitSeconds: 0 }]);
});

test('a visitor asking twice is told when their first request will end', async () => {
  const clock = manualClock();
  const queue = new JobQueue({
    concurrency: 1,
    maxWaiting: 5,
    expectedSecondsPerUnit: 1,
    now: clock.now,
  });
  const gates = [deferred(), deferred()];
  const other = queue.run(() => gates[0]!.promise, { cost: 5, visitor: '10.0.0.2' });
  const own = queue.run(() => gates[1]!.promise, { cost: 8, visitor: '10.0.0.1' });
  clock.advance(1);
  await assert.rejects(
    queue.run(async () => {}, { cost: 1, visitor: '10.0.0.1' }),
    (error: unknown) => error instanceof VisitorHasJobError && error.retryAfterSeconds === 12,
  );
  gates[0]!.resolve();
  gates[1]!.resolve();
  await Promise.all([other, own]);
});

test('a request of several jobs holds one place from its first job until it leaves', async () => {
  const clock = manualClock();
  const queue = new JobQueue({
    concurrency: 1,
    maxWaiting: 1,
    expectedSecondsPerUnit: 1,
    now: clock.now,
  });
  const place = new QueuePlace(10);
  const request = { place, visitor: '10.0.0.1' };
  const order: string[] = [];
  await queue.run(async () => order.push('first piece'), request);

  // Between its jobs the request keeps its place: the next visitor waits for all 10 units.
  const heard: QueueEvent[] = [];
  const next = queue.run(async () => order.push('next visitor'), {
    cost: 1,
    visitor: '10.0.0.2',
    onQueuePosition: (position) => heard.push(position),
  });
  assert.deepEqual(heard, [{ ahead: 1, estimatedWaitSeconds: 10 }]);
  // The line is full, but the request's own next job runs at once in its place.
  await assert.rejects(
    queue.run(async () => {}, { cost: 1 }),
    ProviderBusyError,
  );
  clock.advance(6);
  await queue.run(async () => order.push('second piece'), request);
  assert.deepEqual(heard.at(-1), { ahead: 1, estimatedWaitSeconds: 10 });
  // The same visitor asking again meanwhile is told when the request will end.
  await assert.rejects(
    queue.run(async () => {}, { cost: 1, visitor: '10.0.0.1' }),
    (error: unknown) => error instanceof VisitorHasJobError && error.retryAfterSeconds === 4,
  );
  assert.deepEqual(queue.size, { running: 1, waiting: 1 });

  // Leaving frees the place (once), and its 20 s for 10 units are this machine's speed.
  clock.advance(14);
  place.leave();
  assert.equal(queue.secondsPerUnit, 2);
  place.leave();
  await next;
  assert.deepEqual(order, ['first piece', 'second piece', 'next visitor']);
  assert.deepEqual(queue.size, { running: 0, waiting: 0 });
  // A job of a request that has left does not run.
  await assert.rejects(
    queue.run(async () => {}, request),
    GenerationAbortedError,
  );
});

test('only work done to the end is measured', async () => {
  const clock = manualClock();
  const queue = new JobQueue({
    concurrency: 1,
    maxWaiting: 1,
    expectedSecondsPerUnit: 1,
    now: clock.now,
  });
  // A job that fails, one that is stopped and one whose cost is unknown say nothing of the speed.
  await assert.rejects(
    queue.run(
      async () => {
        clock.advance(50);
        throw new Error('engine failed');
      },
      { cost: 1 },
    ),
  );
  const stop = new AbortController();
  await assert.rejects(
    queue.run(
      async (signal) => {
        clock.advance(50);
        stop.abort();
        if (signal.aborted) throw new GenerationAbortedError();
      },
      { cost: 1, signal: stop.signal },
    ),
    GenerationAbortedError,
  );
  await queue.run(async () => clock.advance(50));
  const place = new QueuePlace(1);
  await assert.rejects(
    queue.run(
      async () => {
        clock.advance(50);
        throw new Error('engine failed');
      },
      { place },
    ),
  );
  place.leave();
  assert.equal(queue.secondsPerUnit, 1);

  // Later measurements count, the long ones most: 3 s a unit, then 1 s a unit for a short job.
  await queue.run(async () => clock.advance(30), { cost: 10 });
  assert.equal(queue.secondsPerUnit, 3);
  await queue.run(async () => clock.advance(1), { cost: 1 });
  assert.equal(queue.secondsPerUnit, (30 * 0.7 + 1) / (10 * 0.7 + 1));
});

test('the guess counts as some measured work: one short job does not overturn it', async () => {
  const clock = manualClock();
  const queue = new JobQueue({
    concurrency: 1,
    maxWaiting: 1,
    expectedSecondsPerUnit: 1,
    guessWeight: 20,
    now: clock.now,
  });
  // A job of half a unit that takes 2 s, mostly fixed costs: 4 s a unit on its own.
  await queue.run(async () => clock.advance(2), { cost: 0.5 });
  assert.equal(queue.secondsPerUnit, (20 * 0.7 + 2) / (20 * 0.7 + 0.5));
  // Long jobs soon outweigh the guess.
  for (let index = 0; index < 5; index += 1) {
    await queue.run(async () => clock.advance(60), { cost: 20 });
  }
  assert.ok(queue.secondsPerUnit > 2.8, `${queue.secondsPerUnit} s a unit`);
});

test('a request that reports its progress shows the speed before it ends', async () => {
  const clock = manualClock();
  const queue = new JobQueue({
    concurrency: 1,
    maxWaiting: 1,
    expectedSecondsPerUnit: 1,
    now: clock.now,
  });
  const place = new QueuePlace(10);
  await queue.run(async () => {}, { place });
  const heard: QueueEvent[] = [];
  const next = queue.run(async () => {}, {
    cost: 4,
    onQueuePosition: (position) => heard.push(position),
  });
  assert.deepEqual(heard, [{ ahead: 1, estimatedWaitSeconds: 10 }]);
  // 2 of its 10 units took 6 s: 3 s a unit here, so 24 s are left, told at once to those behind.
  clock.advance(6);
  place.progress(2);
  assert.equal(queue.secondsPerUnit, 3);
  assert.deepEqual(heard.at(-1), { ahead: 1, estimatedWaitSeconds: 24 });
  clock.advance(4);
  assert.deepEqual(queue.positionForNewcomer(), { ahead: 2, estimatedWaitSeconds: 32 });
  place.leave();
  await next;
});
