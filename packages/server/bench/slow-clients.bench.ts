/**
 * Issue 19's crowd of slow clients with its full numbers, against the real server (`npm start`'s
 * entry, in a child process, no models: the connection policy is what is measured): 20 addresses
 * x 64 uploads to /api/audio/speech_to_text that send one byte every 5 s, and 20 addresses x 64
 * requests whose headers arrive one byte every 5 s; each socket the server closes is opened again.
 * Meanwhile another visitor asks GET /api/health on a new connection every 100 ms. Targets: 95% or
 * more of the visitor's requests served, p99 under 1 s.
 *
 * Two servers: one under `ulimit -n 1024` (a common soft limit: the cap it leaves, 384, is far below
 * the crowd, so the slowest connections must make room), through the three crowds in turn (the
 * uploads, the headers, both); and one with this machine's own limit and every default, through
 * both crowds. The server's open descriptors and resident memory are read from /proc.
 * SLOW_CLIENTS_SECONDS sets how long each crowd lasts (default 40: four of its 10 s deadlines).
 */
import { fork, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { API_PATHS } from '@ai-tools/contracts';
import { connectionCap, openFileLimit } from '../src/plugins/connection-limits.ts';
import {
  loopbackAddresses,
  percentile,
  visitorAsks,
  type CrowdOptions,
  type SlowKind,
} from '../test/helpers/slow-clients.ts';
import { record } from './record.ts';
import { freePort } from './server-process.ts';

const SERVER_ENTRY = resolve(import.meta.dirname, '../src/server.ts');
const CROWD_ENTRY = resolve(import.meta.dirname, 'slow-crowd.ts');
const ADDRESSES = 20;
const SOCKETS_PER_ADDRESS = 64;
const BYTE_EVERY_MS = 5000;
/** A closed socket is opened again after a second: a crowd that retries, not a busy loop. */
const RECONNECT_AFTER_MS = 1000;
const VISITOR_EVERY_MS = 100;
const VISITOR_ADDRESS = '127.0.0.250';
const CROWD_SECONDS = Number(process.env.SLOW_CLIENTS_SECONDS || 40);
/** Each crowd's own addresses: 127.0.1.x upload, 127.0.2.x headers. */
const ADDRESS_BLOCKS: Record<SlowKind, number> = { upload: 1, headers: 2 };

const sleep = (milliseconds: number) => new Promise<void>((done) => setTimeout(done, milliseconds));

interface RunningServer {
  port: number;
  pid: number;
  stop(): Promise<void>;
}

/** The server, under `ulimit -n fileLimit` when one is given. */
async function startServer(scratch: string, fileLimit?: number): Promise<RunningServer> {
  const port = await freePort();
  const node = [process.execPath, '--import', 'tsx', SERVER_ENTRY];
  const command = fileLimit
    ? ['/bin/sh', '-c', `ulimit -n ${fileLimit} && exec "$@"`, 'sh', ...node]
    : node;
  const child = spawn(command[0]!, command.slice(1), {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // One line per request would cost the server more than the crowd does.
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      MODELS_DIR: join(scratch, 'no-models'),
      DATA_DIR: join(scratch, 'data'),
      TEMP_DIR: join(scratch, 'temp'),
      WEB_DIST_DIR: join(scratch, 'no-website'),
      REDIS_URL: '',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Kept to say why, should the server stop.
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGKILL');
    await exited;
  };
  const startedAt = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${log}`);
    if (performance.now() - startedAt > 120_000) {
      await stop();
      throw new Error('the server did not start in 2 minutes');
    }
    const ready = await fetch(`http://127.0.0.1:${port}${API_PATHS.health}`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) break;
    await sleep(200);
  }
  return { port, pid: child.pid!, stop };
}

/** Clock ticks of CPU time the process has used (user and system), from /proc. */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime: fields 14 and 15 of stat, 12 and 13 after the command's name.
  return Number(fields[11]) + Number(fields[12]);
}
const TICKS_PER_SECOND = 100;

/**
 * The server's open descriptors and resident memory, sampled each second while `work` runs, and
 * its CPU time over the whole run, as a share of one core.
 */
async function sampled<T>(pid: number, work: Promise<T>) {
  const samples = { mostDescriptors: 0, mostMegabytes: 0, cpuPercent: 0 };
  const ticksBefore = cpuTicks(pid);
  const started = performance.now();
  let running = true;
  const sampling = (async () => {
    while (running) {
      try {
        samples.mostDescriptors = Math.max(
          samples.mostDescriptors,
          readdirSync(`/proc/${pid}/fd`).length,
        );
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        const kilobytes = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
        samples.mostMegabytes = Math.max(samples.mostMegabytes, kilobytes / 1024);
      } catch {
        // The process is gone: the figures so far stand.
      }
      await sleep(1000);
    }
  })();
  try {
    return { result: await work, samples };
  } finally {
    running = false;
    await sampling;
    const seconds = (performance.now() - started) / 1000;
    samples.cpuPercent = ((cpuTicks(pid) - ticksBefore) / TICKS_PER_SECOND / seconds) * 100;
  }
}

type CrowdCounts = { opened: number; closedByServer: number }[];

/**
 * Starts the crowds in their own process; `stop` ends them and gives what each counted, and the
 * crowd's own CPU time as a share of one core (on this machine it competes with the server).
 */
async function startCrowds(options: CrowdOptions[]) {
  const child = fork(CROWD_ENTRY, { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  await new Promise<void>((done, fail) => {
    child.once('spawn', done);
    child.once('error', fail);
  });
  const ticksBefore = cpuTicks(child.pid!);
  const started = performance.now();
  child.send(options);
  return {
    stop: () =>
      new Promise<{ counts: CrowdCounts; cpuPercent: number }>((done, fail) => {
        const seconds = (performance.now() - started) / 1000;
        const cpuPercent =
          ((cpuTicks(child.pid!) - ticksBefore) / TICKS_PER_SECOND / seconds) * 100;
        child.once('message', (counts) => done({ counts: counts as CrowdCounts, cpuPercent }));
        child.once('exit', (code) => fail(new Error(`the crowd exited with ${code}`)));
        child.send('stop');
      }),
  };
}

async function crowdRun(server: RunningServer, stage: string, kinds: SlowKind[]) {
  const label = `${stage}, ${kinds.map((kind) => `slow ${kind === 'upload' ? 'uploads' : 'headers'}`).join(' and ')}`;
  console.log(`\n${label}: ${kinds.length} x ${ADDRESSES} x ${SOCKETS_PER_ADDRESS} sockets`);
  const crowds = await startCrowds(
    kinds.map((kind) => ({
      port: server.port,
      kind,
      addresses: loopbackAddresses(ADDRESS_BLOCKS[kind], ADDRESSES),
      socketsPerAddress: SOCKETS_PER_ADDRESS,
      byteEveryMs: BYTE_EVERY_MS,
      reconnectAfterMs: RECONNECT_AFTER_MS,
    })),
  );
  const { result: visitor, samples } = await sampled(
    server.pid,
    visitorAsks({
      port: server.port,
      localAddress: VISITOR_ADDRESS,
      everyMs: VISITOR_EVERY_MS,
      answerLimitMs: 10_000,
      until: sleep(CROWD_SECONDS * 1000),
    }),
  );
  const { counts, cpuPercent: crowdCpuPercent } = await crowds.stop();
  const servedPercent = (visitor.served / visitor.asked) * 100;
  record({
    name: `${label}: visitor requests served`,
    value: servedPercent,
    unit: '%',
    target: '>= 95 %',
  });
  record({
    name: `${label}: /api/health p99`,
    value: percentile(visitor.milliseconds, 0.99),
    unit: 'ms',
    target: '< 1000 ms',
  });
  record({
    name: `${label}: /api/health median`,
    value: percentile(visitor.milliseconds, 0.5),
    unit: 'ms',
  });
  record({
    name: `${label}: /api/health worst`,
    value: Math.max(...visitor.milliseconds),
    unit: 'ms',
  });
  record({ name: `${label}: visitor requests asked`, value: visitor.asked });
  for (const [index, kind] of kinds.entries()) {
    record({ name: `${label}: slow ${kind} sockets opened`, value: counts[index]!.opened });
    record({
      name: `${label}: slow ${kind} sockets the server closed`,
      value: counts[index]!.closedByServer,
    });
  }
  record({ name: `${label}: server CPU`, value: samples.cpuPercent, unit: '% of a core' });
  record({ name: `${label}: the crowd's own CPU`, value: crowdCpuPercent, unit: '% of a core' });
  record({ name: `${label}: server's most open descriptors`, value: samples.mostDescriptors });
  // On a shared machine the server waits for the CPU too: this says how busy the machine was.
  record({ name: `${label}: load average (1 min) at the end`, value: loadavg()[0]! });
  record({
    name: `${label}: server's most resident memory`,
    value: samples.mostMegabytes,
    unit: 'MB',
  });
  if (visitor.failures.length > 0) {
    const failures = new Map<string, number>();
    for (const failure of visitor.failures) failures.set(failure, (failures.get(failure) ?? 0) + 1);
    console.log(
      `  the visitor's failures: ${[...failures].map(([what, count]) => `${what} x${count}`).join(', ')}`,
    );
  }
  // The server sees the crowd leave before the next one comes.
  await sleep(2000);
}

const LIMITED_FILES = 1024;
const scratch = mkdtempSync(join(tmpdir(), 'slow-clients-bench-'));
try {
  const limited = await startServer(scratch, LIMITED_FILES);
  try {
    const stage = `ulimit -n ${LIMITED_FILES}`;
    console.log(`${stage}: connection cap ${connectionCap(undefined, LIMITED_FILES)}`);
    for (const kinds of [['upload'], ['headers'], ['upload', 'headers']] as SlowKind[][]) {
      await crowdRun(limited, stage, kinds);
    }
  } finally {
    await limited.stop();
  }

  // This process's limit, which the server inherits.
  const fileLimit = openFileLimit();
  const unlimited = await startServer(scratch);
  try {
    const stage = `ulimit -n ${fileLimit}`;
    console.log(`\n${stage}: connection cap ${connectionCap(undefined, fileLimit)}`);
    await crowdRun(unlimited, stage, ['upload', 'headers']);
  } finally {
    await unlimited.stop();
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
