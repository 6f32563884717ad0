/**
 * Whether the waits the speech line announces come true (issue 19, item 3), with the real Kokoro
 * engine behind the real server on loopback: seven visitors ask at once with texts of different
 * lengths and speeds, as the page asks (streamed, captions on), and fill the line. While they are
 * served, a new visitor asks every few seconds; each one refused is told Retry-After, which is
 * compared with when a place really freed (the next answer that ended after the refusal). The
 * streamed `queue` events of the seven are compared with when each really started, and
 * /api/health is timed all along. Prints figures and fails nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PATHS, EVENT_STREAM_MEDIA_TYPE } from '@ai-tools/contracts';
import { loadConfig } from '../src/config.ts';
import { createLocalSpeechSynthesizer } from '../src/providers/local/speech/index.ts';
import { unavailableEngine } from '../src/providers/unavailable.ts';
import { makeApp } from '../test/helpers/app.ts';
import { parseEvents } from '../test/helpers/event-stream.ts';
import { record } from './record.ts';

const PARAGRAPH =
  'Our small bakery opens at six every morning. We bake fresh bread, soft rolls and a few sweet ' +
  'pastries, then we put the coffee on and unlock the door. The first neighbours wait in the ' +
  'cold street with their dogs and their newspapers. By eight the shelves are half empty, and ' +
  'the baker starts a second batch of the seeded loaves that sell out every day. At noon the ' +
  'school children come for cheese rolls, and in the afternoon the shop is quiet again. ';

/** The seven visitors of the burst: characters and speed, different on purpose. */
const BURST = [
  { characters: 200, speed: 1 },
  { characters: 600, speed: 1 },
  { characters: 300, speed: 1.25 },
  { characters: 900, speed: 0.8 },
  { characters: 250, speed: 1 },
  { characters: 500, speed: 1.5 },
  { characters: 750, speed: 1 },
];
/** How often a new visitor tries while the line is full. */
const PROBE_EVERY_MS = 4000;
const HEALTH_EVERY_MS = 100;

/** The text cut at the last sentence end within `characters`. */
function textOf(characters: number): string {
  let text = '';
  while (text.length < characters) text += PARAGRAPH;
  const cut = text.slice(0, characters);
  return cut.slice(0, cut.lastIndexOf('.') + 1);
}

const folder = mkdtempSync(join(tmpdir(), 'speech-waits-bench-'));
const modelsDir = loadConfig().MODELS_DIR;
const started = performance.now();
const now = () => (performance.now() - started) / 1000;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let port = 0;

/**
 * One HTTP call from a loopback address of its own (one visitor each). With `onChunk` it asks for
 * the event stream and is told the body as it grows; `onStatus` hears the status line at once.
 */
function call(
  method: string,
  path: string,
  localAddress: string,
  payload?: object,
  onChunk?: (text: string) => void,
  onStatus?: (status: number) => void,
): Promise<Answer> {
  const body = payload ? JSON.stringify(payload) : undefined;
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        localAddress,
        headers: body
          ? {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              ...(onChunk ? { accept: EVENT_STREAM_MEDIA_TYPE } : {}),
            }
          : {},
      },
      (response) => {
        onStatus?.(response.statusCode ?? 0);
        response.setEncoding('utf8');
        let text = '';
        response.on('data', (chunk: string) => {
          text += chunk;
          onChunk?.(text);
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

interface Visitor {
  characters: number;
  speed: number;
  askedAt: number;
  /** Each `queue` event: when it came and what it said. */
  queueEvents: { at: number; ahead: number; estimatedWaitSeconds: number }[];
  startedAt?: number;
  endedAt?: number;
  status?: number;
}

interface Refusal {
  at: number;
  status: number;
  retryAfterSeconds: number;
  message: string;
}

const ended: number[] = [];

try {
  console.log(
    `Load average at start: ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')} on ${availableParallelism()} cores`,
  );
  const speech = await createLocalSpeechSynthesizer({ modelsDir, temporaryDirectory: folder });
  if (speech.status().tier !== 'neural')
    throw new Error(`No Kokoro files in ${modelsDir}: run \`npm run models\`.`);
  const app = await makeApp({
    providers: {
      speech,
      text: unavailableEngine('No text engine in this bench.'),
      transcription: unavailableEngine('No transcription in this bench.'),
    },
    env: { TEMP_DIR: folder },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');
  port = address.port;

  // One synthesis first, so the burst does not pay for loading the voice.
  await call('POST', API_PATHS.textToSpeech, '127.0.0.2', { text: 'Ready.', outputFormat: 'mp3' });

  const latencies: number[] = [];
  let burstOver = false;
  const health = (async () => {
    while (!burstOver) {
      const due = performance.now();
      await call('GET', API_PATHS.health, '127.0.0.3');
      latencies.push(performance.now() - due);
      await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
    }
  })();

  const visitors: Visitor[] = [];
  const answers: Promise<void>[] = [];
  for (const [index, { characters, speed }] of BURST.entries()) {
    const visitor: Visitor = { characters, speed, askedAt: now(), queueEvents: [] };
    visitors.push(visitor);
    let parsed = 0;
    let accepted!: () => void;
    const acceptedOrRefused = new Promise<void>((resolve) => (accepted = resolve));
    answers.push(
      call(
        'POST',
        API_PATHS.textToSpeech,
        `127.0.0.${20 + index}`,
        { text: textOf(characters), speed, outputFormat: 'mp3', captions: true },
        (body) => {
          accepted();
          const complete = body.lastIndexOf('\n\n') + 2;
          if (complete <= parsed) return;
          for (const { event, data } of parseEvents(body.slice(parsed, complete))) {
            if (event === 'queue') {
              const position = data as { ahead: number; estimatedWaitSeconds: number };
              visitor.queueEvents.push({ at: now(), ...position });
              if (position.ahead === 0) visitor.startedAt ??= now();
            }
            if (event === 'audio') visitor.startedAt ??= now();
          }
          parsed = complete;
        },
      ).then((answer) => {
        accepted();
        visitor.status = answer.status;
        visitor.endedAt = now();
        ended.push(visitor.endedAt);
      }),
    );
    await acceptedOrRefused;
  }
  console.log(`The burst: ${BURST.length} visitors asked within ${now().toFixed(1)} s`);

  // New visitors while the line is full. One let in takes the place that freed and waits its
  // turn (its answer ending frees a place too); the loop goes on meanwhile.
  const refusals: Refusal[] = [];
  let probes = 0;
  let unfinished = answers.length;
  const finish = () => (unfinished -= 1);
  for (const answer of answers) void answer.then(finish);
  while (unfinished > 0) {
    probes += 1;
    const at = now();
    let refused!: (status: number) => void;
    const status = new Promise<number>((resolve) => (refused = resolve));
    const answer = call(
      'POST',
      API_PATHS.textToSpeech,
      `127.0.1.${probes}`,
      { text: 'Hi.', outputFormat: 'mp3' },
      () => {},
      refused,
    );
    if ((await status) === 200) {
      unfinished += 1;
      void answer.then(() => {
        ended.push(now());
        finish();
      });
    } else {
      const { headers, body } = await answer;
      refusals.push({
        at,
        status: await status,
        retryAfterSeconds: Number(headers['retry-after']),
        message: (JSON.parse(body) as { message: string }).message,
      });
    }
    await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
  }
  burstOver = true;
  await health;
  await app.close();

  console.log('\nThe seven (order of arrival):');
  const startRatios: number[] = [];
  /** Every `queue` event told while waiting: the wait it said against the wait that followed. */
  const eventRatios: number[] = [];
  for (const [index, visitor] of visitors.entries()) {
    const first = visitor.queueEvents[0];
    const waited = (visitor.startedAt ?? Number.NaN) - visitor.askedAt;
    const told = first && first.ahead > 0 ? first.estimatedWaitSeconds : 0;
    if (told > 0 && waited > 1) startRatios.push(waited / told);
    for (const event of visitor.queueEvents) {
      const left = (visitor.startedAt ?? Number.NaN) - event.at;
      if (event.ahead > 0 && left > 1) eventRatios.push(left / event.estimatedWaitSeconds);
    }
    console.log(
      `  ${index + 1}: ${visitor.characters} chars at speed ${visitor.speed}: status ${visitor.status}, told ${first ? `${first.ahead} ahead, about ${first.estimatedWaitSeconds} s` : 'nothing'}, started after ${waited.toFixed(1)} s, done after ${((visitor.endedAt ?? Number.NaN) - visitor.askedAt).toFixed(1)} s`,
    );
  }

  console.log('\nRefused visitors: Retry-After against when a place really freed');
  const refusalRatios: number[] = [];
  const realWaits: number[] = [];
  for (const refusal of refusals) {
    const freedAt = ended.filter((at) => at > refusal.at).sort((a, b) => a - b)[0];
    const realWait = (freedAt ?? Number.NaN) - refusal.at;
    const ratio = realWait / refusal.retryAfterSeconds;
    refusalRatios.push(ratio);
    realWaits.push(realWait);
    console.log(
      `  at ${refusal.at.toFixed(1)} s: ${refusal.status}, Retry-After ${refusal.retryAfterSeconds} s; a place freed after ${realWait.toFixed(1)} s (real / told ${ratio.toFixed(2)}): "${refusal.message}"`,
    );
  }
  const within = (ratios: number[]) => ratios.filter((ratio) => ratio >= 0.5 && ratio <= 2).length;
  record({
    name: 'refused visitors: Retry-After within 2x of the real wait',
    value: `${within(refusalRatios)} of ${refusalRatios.length}`,
    target: 'all',
  });
  // Retry-After is whole seconds (RFC 9110), at least 1 here: a place that frees 0.4 s after the
  // refusal cannot be told within 2x. Counted apart, so a miss of the estimate still shows.
  const withinResolution = refusals.filter((refusal, index) => {
    const ratio = refusalRatios[index]!;
    return (
      (ratio >= 0.5 && ratio <= 2) || Math.abs(realWaits[index]! - refusal.retryAfterSeconds) < 1
    );
  }).length;
  record({
    name: 'refused visitors: within 2x, or within the 1-s resolution of the header',
    value: `${withinResolution} of ${refusalRatios.length}`,
    target: 'all',
  });
  record({
    name: 'refused visitors: worst real wait / Retry-After',
    value: refusalRatios.reduce(
      (worst, ratio) => (Math.abs(Math.log(ratio)) > Math.abs(Math.log(worst)) ? ratio : worst),
      1,
    ),
    target: '0.5 to 2',
  });
  record({
    name: 'streamed waits: start within 2x of the first estimate',
    value: `${within(startRatios)} of ${startRatios.length}`,
    target: 'all',
  });
  record({
    name: 'streamed waits: every queue event within 2x of the wait that followed',
    value: `${within(eventRatios)} of ${eventRatios.length}`,
    target: 'all',
  });

  latencies.sort((first, second) => first - second);
  const percentile = (share: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? 0;
  console.log(`\n/api/health during the burst: ${latencies.length} calls`);
  record({ name: '/api/health during the burst, median', value: percentile(0.5), unit: 'ms' });
  record({
    name: '/api/health during the burst, p99',
    value: percentile(0.99),
    unit: 'ms',
    target: '< 1000 ms',
  });
  record({
    name: '/api/health during the burst, slowest',
    value: latencies.at(-1) ?? 0,
    unit: 'ms',
  });
  record({ name: 'whole burst', value: now(), unit: 's' });
} finally {
  rmSync(folder, { recursive: true, force: true });
}
