/**
 * Throwaway PostgreSQL and Redis servers for the tests, so that no test depends on a server the
 * machine may or may not run. TEST_DATABASE_URL and TEST_REDIS_URL name servers to use instead.
 *
 * Each server starts at most once per test process, on a free 127.0.0.1 port, with all its files in
 * a temporary folder. When the process ends (tests done, a test failed, or the run was interrupted)
 * the server is stopped and its folder removed.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import {
  chownSync,
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { constants as osConstants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { missingPrograms } from '../../src/child-process.ts';
import { isRunning } from './local-engines.ts';

const run = promisify(execFile);

/** How long a server may take to accept connections: generous, for a busy machine. */
const START_DEADLINE_MS = 60_000;
/** The usual ports of the machine's own servers, which the tests must never use. */
const MACHINE_PORTS = new Set([5432, 6379]);

interface ThrowawayServer {
  child: ChildProcess;
  folder: string;
  stopSignal: NodeJS.Signals;
  url: string;
}

const runningServers: ThrowawayServer[] = [];
let databaseUrl: Promise<string> | undefined;
let redisUrl: Promise<string> | undefined;

/** A PostgreSQL URL (user postgres, trust authentication) that the tests may change freely. */
export function testDatabaseUrl(): Promise<string> {
  if (process.env.TEST_DATABASE_URL) return Promise.resolve(process.env.TEST_DATABASE_URL);
  databaseUrl ??= startPostgres();
  return databaseUrl;
}

/** A Redis URL that the tests may change freely. */
export function testRedisUrl(): Promise<string> {
  if (process.env.TEST_REDIS_URL) return Promise.resolve(process.env.TEST_REDIS_URL);
  redisUrl ??= startRedis();
  return redisUrl;
}

async function startPostgres(): Promise<string> {
  const binaries = await postgresBinaries();
  // PostgreSQL refuses to run as root; Debian's package creates the `postgres` user for it.
  const user = process.getuid?.() === 0 ? systemUser('postgres') : undefined;
  const folder = mkdtempSync(join(tmpdir(), 'test-postgres-'));
  const dataFolder = join(folder, 'data');
  try {
    if (user) chownSync(folder, user.uid, user.gid);
    await run(
      join(binaries, 'initdb'),
      ['-D', dataFolder, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-locale', '--no-sync'],
      // Its own folder as the working folder: the postgres user may not be able to read ours.
      { ...user, cwd: folder },
    );
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw new Error(`initdb failed in ${folder}: ${String(error)}`);
  }
  return startServer({
    name: 'PostgreSQL',
    folder,
    stopSignal: 'SIGQUIT', // immediate shutdown: nothing in it is worth a checkpoint
    start: (port, output) =>
      spawn(
        join(binaries, 'postgres'),
        [
          ...['-D', dataFolder, '-p', String(port), '-k', folder],
          ...['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'],
          ...['-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
        ],
        { ...user, cwd: folder, stdio: ['ignore', output, output] },
      ),
    url: (port) => `postgres://postgres@127.0.0.1:${port}/postgres`,
    isReady: async (url) => {
      const client = new pg.Client({ connectionString: url });
      try {
        await client.connect();
        await client.query('SELECT 1');
        return true;
      } catch {
        return false;
      } finally {
        await client.end().catch(() => {});
      }
    },
  });
}

async function startRedis(): Promise<string> {
  await requireRedis();
  return startServer({
    name: 'Redis',
    folder: mkdtempSync(join(tmpdir(), 'test-redis-')),
    stopSignal: 'SIGTERM',
    start: spawnRedis,
    url: (port) => `redis://127.0.0.1:${port}`,
    isReady: redisAnswers,
  });
}

/**
 * A Redis of one test's own, which the test may kill and start again on the same port (without
 * its data, as a restarted Redis without persistence comes back).
 */
export async function startOwnRedis(): Promise<{
  url: string;
  kill: () => Promise<void>;
  startAgain: () => Promise<void>;
}> {
  await requireRedis();
  const folder = mkdtempSync(join(tmpdir(), 'test-redis-'));
  const url = await startServer({
    name: 'Redis',
    folder,
    stopSignal: 'SIGTERM',
    start: spawnRedis,
    url: (port) => `redis://127.0.0.1:${port}`,
    isReady: redisAnswers,
  });
  const port = Number(new URL(url).port);
  return {
    url,
    kill: async () => {
      const running = runningServers.findIndex((entry) => entry.url === url);
      if (running < 0) return;
      const [killed] = runningServers.splice(running, 1);
      const exited = new Promise((resolve) => killed!.child.once('exit', resolve));
      killed!.child.kill('SIGKILL');
      await exited;
    },
    startAgain: async () => {
      await startServer({
        name: 'Redis',
        folder,
        stopSignal: 'SIGTERM',
        start: (_port, output, serverFolder) => spawnRedis(port, output, serverFolder),
        url: () => url,
        isReady: redisAnswers,
      });
    },
  };
}

async function requireRedis() {
  if ((await missingPrograms(['redis-server'])).length > 0) {
    throw missingPackage('redis-server', 'redis-server', 'TEST_REDIS_URL');
  }
}

function spawnRedis(port: number, output: number, folder: string): ChildProcess {
  return spawn(
    'redis-server',
    [
      ...['--port', String(port), '--bind', '127.0.0.1', '--dir', folder],
      ...['--save', '', '--appendonly', 'no', '--daemonize', 'no'],
    ],
    { cwd: folder, stdio: ['ignore', output, output] },
  );
}

async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, retryStrategy: () => null });
  // A server not up yet is the answer `false`: connect() rejects, and its error event has nothing
  // to add (without a listener ioredis prints it as an "Unhandled error event").
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/**
 * Starts a server on a free port and waits until it accepts connections. Another process may take
 * the port between finding it free and the server binding it, so a server that ends at once is
 * tried again on another port.
 */
async function startServer(options: {
  name: string;
  folder: string;
  stopSignal: NodeJS.Signals;
  start: (port: number, output: number, folder: string) => ChildProcess;
  url: (port: number) => string;
  isReady: (url: string) => Promise<boolean>;
}): Promise<string> {
  const { name, folder } = options;
  const startedAt = Date.now();
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const logFile = join(folder, `server-${attempt}.log`);
    const output = openSync(logFile, 'w');
    const child = options.start(port, output, folder);
    closeSync(output);
    // The exit handler stops the server, so the server must not keep the process from ending.
    child.unref();
    child.on('error', () => {}); // a start failure shows as the end checked below
    const url = options.url(port);
    runningServers.push({ child, folder, stopSignal: options.stopSignal, url });
    watchProcessEnd();

    while (Date.now() - startedAt < START_DEADLINE_MS) {
      if (hasEnded(child)) break;
      if (await options.isReady(url)) return url;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const log = readFileSync(logFile, 'utf8').trim();
    if (hasEnded(child) && attempt < 3 && Date.now() - startedAt < START_DEADLINE_MS) continue;
    throw new Error(
      hasEnded(child)
        ? `The test ${name} server ended at start (exit ${child.exitCode ?? child.signalCode}):\n${log}`
        : `The test ${name} server did not accept connections within ${START_DEADLINE_MS / 1000} s:\n${log}`,
    );
  }
}

/** Whether the server ended, or never started (then it has no pid). */
function hasEnded(child: ChildProcess): boolean {
  return child.pid === undefined || child.exitCode !== null || child.signalCode !== null;
}

/** A port that nothing listens on now, never the usual ports of the machine's own servers. */
export async function freePort(): Promise<number> {
  for (;;) {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', resolve);
    });
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    if (!MACHINE_PORTS.has(port)) return port;
  }
}

/**
 * The folder of initdb and postgres: Debian's newest installed version (not on the PATH), else
 * wherever the PATH finds them ('' then: spawn looks them up itself).
 */
async function postgresBinaries(): Promise<string> {
  const debianRoot = '/usr/lib/postgresql';
  const versions = existsSync(debianRoot)
    ? readdirSync(debianRoot)
        .filter((version) => existsSync(join(debianRoot, version, 'bin', 'postgres')))
        .sort((first, second) => Number.parseFloat(second) - Number.parseFloat(first))
    : [];
  if (versions[0]) return join(debianRoot, versions[0], 'bin');
  if ((await missingPrograms(['initdb', 'postgres'])).length === 0) return '';
  throw missingPackage('initdb and postgres', 'postgresql', 'TEST_DATABASE_URL');
}

/** A system user's ids, from /etc/passwd, where Debian's packages add their users. */
function systemUser(name: string): { uid: number; gid: number } {
  const passwd = existsSync('/etc/passwd') ? readFileSync('/etc/passwd', 'utf8') : '';
  const fields = passwd
    .split('\n')
    .map((line) => line.split(':'))
    .find((entry) => entry[0] === name);
  if (!fields) throw missingPackage(`the ${name} user`, 'postgresql', 'TEST_DATABASE_URL');
  return { uid: Number(fields[2]), gid: Number(fields[3]) };
}

function missingPackage(what: string, debianPackage: string, variable: string): Error {
  return new Error(
    `The tests start a throwaway server but ${what} cannot be found: install Debian's ` +
      `${debianPackage} package (apt-get install ${debianPackage}, listed in ` +
      `scripts/system-packages.txt), or set ${variable} to a server the tests may use.`,
  );
}

let watching = false;

/**
 * Stops the servers when the process ends, however it ends. The 'exit' event allows no waiting
 * for events, so the servers are stopped and awaited synchronously.
 */
function watchProcessEnd() {
  if (watching) return;
  watching = true;
  process.once('exit', stopServers);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    // Exits rather than dying by the signal, so that the other 'exit' handlers clean up too.
    process.once(signal, () => process.exit(128 + osConstants.signals[signal]));
  }
}

function stopServers() {
  for (const server of runningServers.splice(0)) {
    const { pid } = server.child;
    if (pid !== undefined && !hasEnded(server.child)) {
      sendSignal(pid, server.stopSignal);
      if (!waitForExit(pid, 10_000)) {
        sendSignal(pid, 'SIGKILL');
        waitForExit(pid, 5_000);
      }
    }
    rmSync(server.folder, { recursive: true, force: true });
  }
}

function sendSignal(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(pid, signal);
  } catch {
    // It ended meanwhile.
  }
}

/** Waits without the event loop, which has stopped by the time of the 'exit' event. */
function waitForExit(pid: number, timeoutMs: number): boolean {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isRunning(pid)) return true;
    Atomics.wait(pause, 0, 0, 10);
  }
  return !isRunning(pid);
}
