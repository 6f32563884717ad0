/**
 * The waits the speech line announces come true (issue 19, item 3), through the real route and
 * service on the real JobQueue: seven visitors fill the line with texts of different lengths and
 * speeds, as the page asks (streamed, captions on); each visitor refused meanwhile is told a
 * Retry-After within a factor of two of when a place in the line really freed, and each streamed
 * `queue` event is within a factor of two of when that visitor really started.
 *
 * The engine is a test double whose work takes time on a clock the test moves by hand (a fixed
 * cost per chunk plus one per character, slower at slow speeds, as an engine's is), so the check
 * is exact and the same on any machine. The queue starts from a guess ten times too fast and
 * must learn the real speed from the first request it serves.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { API_PATHS, EVENT_STREAM_MEDIA_TYPE, SERVER_MESSAGES } from '@ai-tools/contracts';
import { JobQueue } from '../src/providers/job-queue.ts';
import type { SpeechSynthesizer } from '../src/providers/types.ts';
import { DOUBLE_SAMPLE_RATE, sinePcm, testProviders } from './helpers/audio-doubles.ts';
import { makeApp } from './helpers/app.ts';
import { parseEvents } from './helpers/event-stream.ts';

/** The double's work: seconds per chunk, and per character at speed 1. */
const SECONDS_PER_CHUNK = 0.3;
const SECONDS_PER_CHARACTER = 0.03;

/** A clock that moves only when the test moves it, and the work sleeping on it. */
function manualClock() {
  let milliseconds = 0;
  const sleepers: { until: number; wake: () => void }[] = [];
  return {
    now: () => milliseconds,
    seconds: () => milliseconds / 1000,
    sleep: (seconds: number) =>
      new Promise<void>((wake) => sleepers.push({ until: milliseconds + seconds * 1000, wake })),
    /** Moves to the soonest sleeper's time and wakes it; false when nothing sleeps. */
    wakeNext(): boolean {
      sleepers.sort((first, second) => first.until - second.until);
      const next = sleepers.shift();
      if (!next) return false;
      milliseconds = Math.max(milliseconds, next.until);
      next.wake();
      return true;
    },
  };
}

function clockedSpeech(clock: ReturnType<typeof manualClock>) {
  const queue = new JobQueue({
    concurrency: 1,
    maxWaiting: 6,
    expectedSecondsPerUnit: 0.05,
    now: clock.now,
  });
  /** When each visitor's first chunk started, on the test's clock. */
  const starts = new Map<string, number>();
  const speech: SpeechSynthesizer = {
    status: () => ({ engine: 'clocked speech double', tier: 'neural', ready: true }),
    close: async () => {},
    synthesize: (request) =>
      queue.run(async () => {
        if (request.visitor && !starts.has(request.visitor))
          starts.set(request.visitor, clock.seconds());
        await clock.sleep(
          SECONDS_PER_CHUNK + (SECONDS_PER_CHARACTER * request.text.length) / request.speed,
        );
        return { pcm: sinePcm(0.05), sampleRate: DOUBLE_SAMPLE_RATE };
      }, request),
  };
  return { speech, queue, starts };
}

const SENTENCES = [
  'The morning train left the valley before the sun was up.',
  'Two farmers talked about the rain and the price of seed.',
  'A child pressed her face to the window and counted the cows.',
  'Near the river the mist lay low over the fields.',
  'At the third station a man with a violin case got on.',
  'Nobody spoke to him, but everyone looked at the case.',
];
function textOf(sentences: number): string {
  return Array.from({ length: sentences }, (_, index) => SENTENCES[index % SENTENCES.length]).join(
    ' ',
  );
}

/** Sentences and speed of each visitor of the burst, and of those who come later. */
const BURST = [
  { sentences: 3, speed: 1 },
  { sentences: 10, speed: 1 },
  { sentences: 5, speed: 1.25 },
  { sentences: 14, speed: 0.8 },
  { sentences: 2, speed: 1 },
  { sentences: 8, speed: 1.5 },
  { sentences: 12, speed: 0.6 },
];
const LATER = [
  { sentences: 6, speed: 1 },
  { sentences: 1, speed: 1 },
  { sentences: 9, speed: 2 },
  { sentences: 4, speed: 0.75 },
];

function speak(
  app: FastifyInstance,
  visitor: string,
  { sentences, speed }: { sentences: number; speed: number },
) {
  return app.inject({
    method: 'POST',
    url: API_PATHS.textToSpeech,
    headers: { accept: EVENT_STREAM_MEDIA_TYPE },
    payload: { text: textOf(sentences), speed, outputFormat: 'wav', captions: true },
    remoteAddress: visitor,
  });
}

test('a burst of speech requests: every wait told is within 2x of the real one', async () => {
  const clock = manualClock();
  const { speech, queue, starts } = clockedSpeech(clock);
  const app = await makeApp({ providers: testProviders({ speech }) });
  /** Moves the clock from one piece of work to the next until `done` holds. */
  const runUntil = async (done: () => boolean) => {
    while (!done()) {
      if (!clock.wakeNext()) await new Promise((resolve) => setImmediate(resolve));
    }
  };
  /** Lets the server work, with the clock still, until `done` holds. */
  const settleUntil = async (done: () => boolean) => {
    while (!done()) await new Promise((resolve) => setImmediate(resolve));
  };
  try {
    // The first request teaches the queue this engine's speed.
    let warmedUp = false;
    const warmUp = speak(app, '10.9.0.1', { sentences: 4, speed: 1 }).then((answer) => {
      warmedUp = true;
      return answer;
    });
    await runUntil(() => warmedUp);
    assert.equal((await warmUp).statusCode, 200);

    // Seven visitors fill the line: one at work, six waiting.
    const asked = new Map<string, number>();
    const answers: Promise<LightMyRequestResponse>[] = [];
    let answered = 0;
    const ask = (visitor: string, request: { sentences: number; speed: number }) => {
      asked.set(visitor, clock.seconds());
      answers.push(
        speak(app, visitor, request).then((answer) => {
          answered += 1;
          return answer;
        }),
      );
    };
    for (const [index, request] of BURST.entries()) {
      ask(`10.9.1.${index}`, request);
      await settleUntil(() => queue.size.running + queue.size.waiting === index + 1);
    }

    // Each time the line is full, a new visitor is refused and told when to come back. Then the
    // clock runs until a place frees (the next visitor starts), and someone else takes it.
    const refusals: { at: number; retryAfterSeconds: number; startedBefore: number }[] = [];
    for (const [index, request] of LATER.entries()) {
      const refused = await app.inject({
        method: 'POST',
        url: API_PATHS.textToSpeech,
        payload: { text: 'Hello there.' },
        remoteAddress: `10.9.2.${index}`,
      });
      assert.equal(refused.statusCode, 503, refused.body);
      const retryAfterSeconds = Number(refused.headers['retry-after']);
      const { message } = refused.json<{ message: string }>();
      assert.equal(message, SERVER_MESSAGES.engineBusy(7, retryAfterSeconds));
      refusals.push({ at: clock.seconds(), retryAfterSeconds, startedBefore: starts.size });
      await runUntil(() => starts.size > refusals.at(-1)!.startedBefore);
      ask(`10.9.3.${index}`, request);
      await settleUntil(() => queue.size.waiting === 6);
    }
    await runUntil(() => answered === answers.length);
    for (const answer of await Promise.all(answers)) {
      assert.equal(answer.statusCode, 200, answer.body);
    }

    const startTimes = [...starts.values()].sort((first, second) => first - second);
    for (const refusal of refusals) {
      const freedAt = startTimes.find((at) => at > refusal.at)!;
      const ratio = (freedAt - refusal.at) / refusal.retryAfterSeconds;
      assert.ok(
        ratio >= 0.5 && ratio <= 2,
        `refused at ${refusal.at} s with Retry-After ${refusal.retryAfterSeconds} s; a place freed at ${freedAt} s`,
      );
    }
    // What the page was told while it waited, against when it started.
    for (const [index, answer] of (await Promise.all(answers)).entries()) {
      const visitor = [...asked.keys()][index]!;
      const [first] = parseEvents(answer.body);
      assert.equal(first?.event, 'queue');
      const { ahead, estimatedWaitSeconds } = first.data as {
        ahead: number;
        estimatedWaitSeconds: number;
      };
      const waited = starts.get(visitor)! - asked.get(visitor)!;
      if (ahead === 0) {
        assert.equal(waited, 0);
        continue;
      }
      const ratio = waited / estimatedWaitSeconds;
      assert.ok(
        ratio >= 0.5 && ratio <= 2,
        `${visitor} was told ${ahead} ahead, about ${estimatedWaitSeconds} s, and waited ${waited} s`,
      );
    }
  } finally {
    await app.close();
  }
});
