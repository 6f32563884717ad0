/**
 * The connection policy: a crowd of slow clients must not hold the server's sockets
 * (docs/decisions/020 and 043).
 * - Caps: at most `connectionCap` connections in all, sized from the process's open-file limit
 *   unless MAX_CONNECTIONS says otherwise. When the cap is reached, the slowest connections make
 *   room (idle keep-alive ones, and those still sending headers or a body, held longest for the
 *   fewest bytes) instead of the new visitor being refused. At most MAX_CONNECTIONS_PER_ADDRESS
 *   from one visitor (an IPv4 address or an IPv6 /64, visitorOf).
 * - Deadlines: the headers within HEADERS_TIMEOUT_MS (Node's headersTimeout, app.ts: counted from
 *   the request's first byte, so a trickle does not stretch it); an idle keep-alive socket closes
 *   after KEEP_ALIVE_TIMEOUT_MS; a body within BODY_TIMEOUT_MS, except the upload, which must keep
 *   up UPLOAD_MIN_BYTES_PER_SECOND on average once UPLOAD_GRACE_MS has passed.
 * - An answer sent before its request's body was read (a 429, 413 or 415 to an upload) closes the
 *   connection, so a client that trickles the rest of its body holds nothing.
 */
import { execFileSync } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PATHS, LIMITS } from '@ai-tools/contracts';
import type { Config } from '../config.ts';
import { BodyTimeoutError, UploadTooSlowError } from '../errors.ts';
import { visitorOf } from '../visitor.ts';

/** How often Node checks the header and request deadlines, and this plugin the uploads' rate. */
export const CONNECTION_CHECK_INTERVAL_MS = 1000;

/** Routes whose body is an upload, held to a rate rather than to BODY_TIMEOUT_MS. */
const UPLOAD_ROUTES = new Set<string>([API_PATHS.speechToText, API_PATHS.speechToTextJobs]);

/**
 * File descriptors kept for everything but connections: the engines' model files, the database,
 * the pipes of child processes (ffmpeg, festival), worker threads and the standard streams.
 */
const RESERVED_FILE_DESCRIPTORS = 256;
/** A connection may hold two descriptors: its socket and, for an upload, the file it goes to. */
const DESCRIPTORS_PER_CONNECTION = 2;
/**
 * Beyond this many, memory rather than descriptors runs short: an open connection takes up to 15 KB
 * of the server's memory, so these take up to 120 MB of the 3.5 GB budget (ADR 043).
 */
const MOST_CONNECTIONS = 8192;
/** Where the limit cannot be read: the usual soft limit of a Linux login. */
const USUAL_FILE_LIMIT = 1024;
/** The share of the cap one search for the slowest connections frees, so many arrivals share its cost. */
const EVICTED_SHARE = 1 / 64;
/**
 * A connection younger than this has had no time to show its pace (its first bytes may not even
 * have been read yet, on a busy server): it makes room only when the others are as young.
 */
const NEWCOMER_MS = 1000;
/** How often a full cap is logged at most. */
const CAP_WARNING_INTERVAL_MS = 60_000;

let fileLimitRead: number | undefined;

/**
 * The process's soft limit on open files (`ulimit -n`, which a child shell inherits), read once:
 * the tests build the app many times in one process.
 */
export function openFileLimit(): number {
  fileLimitRead ??= readOpenFileLimit();
  return fileLimitRead;
}

function readOpenFileLimit(): number {
  try {
    const answer = execFileSync('/bin/sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim();
    if (answer === 'unlimited') return Number.POSITIVE_INFINITY;
    const limit = Number(answer);
    return Number.isInteger(limit) && limit > 0 ? limit : USUAL_FILE_LIMIT;
  } catch {
    return USUAL_FILE_LIMIT;
  }
}

/** MAX_CONNECTIONS, or as many connections as the open-file limit leaves room for. */
export function connectionCap(configured: number | undefined, fileLimit: number): number {
  if (configured !== undefined) return configured;
  const room = Math.floor((fileLimit - RESERVED_FILE_DESCRIPTORS) / DESCRIPTORS_PER_CONNECTION);
  return Math.max(1, Math.min(MOST_CONNECTIONS, room));
}

/**
 * Node's requestTimeout, the ceiling on receiving any one request: the longest an upload of the
 * largest file may take at the lowest rate allowed. Only a body with no end (chunked, past the
 * size limit, which the multipart reader reads to its end) ever meets it.
 */
export function uploadCeilingMs(
  config: Pick<Config, 'UPLOAD_GRACE_MS' | 'UPLOAD_MIN_BYTES_PER_SECOND'> &
    Partial<Pick<Config, 'LONG_UPLOAD_MAX_BYTES'>>,
): number {
  // The largest file is a long recording's (LONG_UPLOAD_MAX_BYTES), sent to its job's route.
  const largest = Math.max(LIMITS.uploadMaxBytes, config.LONG_UPLOAD_MAX_BYTES ?? 0);
  return config.UPLOAD_GRACE_MS + Math.ceil((largest / config.UPLOAD_MIN_BYTES_PER_SECOND) * 1000);
}

/** One open connection, and where it stands. */
interface Connection {
  visitor: string;
  connectedAt: number;
  /** The request whose answer is not yet sent; none while the socket waits for one. */
  request?: IncomingMessage;
  /** When its present stage began (connected, request received, answer sent) and the bytes read before. */
  since: number;
  bytesBefore: number;
}

export function registerConnectionLimits(
  app: FastifyInstance,
  config: Pick<
    Config,
    | 'MAX_CONNECTIONS'
    | 'MAX_CONNECTIONS_PER_ADDRESS'
    | 'BODY_TIMEOUT_MS'
    | 'UPLOAD_MIN_BYTES_PER_SECOND'
    | 'UPLOAD_GRACE_MS'
  >,
) {
  const server = app.server;
  const fileLimit = openFileLimit();
  const cap = connectionCap(config.MAX_CONNECTIONS, fileLimit);
  app.log.info({ maxConnections: cap, openFileLimit: fileLimit }, 'connection cap');
  const perVisitor = config.MAX_CONNECTIONS_PER_ADDRESS;

  const connections = new Map<Socket, Connection>();
  const openByVisitor = new Map<string, number>();
  const evictedCount = Math.max(1, Math.ceil(cap * EVICTED_SHARE));
  let closedSinceWarning = 0;
  let lastWarning = Number.NEGATIVE_INFINITY;

  const beginStage = (socket: Socket, connection: Connection) => {
    connection.since = performance.now();
    connection.bytesBefore = socket.bytesRead;
  };

  const forget = (socket: Socket) => {
    const connection = connections.get(socket);
    if (!connection) return;
    connections.delete(socket);
    const left = (openByVisitor.get(connection.visitor) ?? 1) - 1;
    if (left <= 0) openByVisitor.delete(connection.visitor);
    else openByVisitor.set(connection.visitor, left);
  };

  /**
   * Closes the slowest connections that wait for nothing from the server: the longest held per
   * byte received in their present stage, newcomers last. A connection whose request has fully
   * arrived waits for its answer (a visitor in an engine's line) and is never chosen. Returns how
   * many it closed.
   */
  const makeRoom = (): number => {
    const now = performance.now();
    const candidates: { socket: Socket; newcomer: boolean; heldPerByte: number }[] = [];
    for (const [socket, connection] of connections) {
      if (connection.request?.complete) continue;
      const held = now - connection.since;
      const bytes = socket.bytesRead - connection.bytesBefore;
      const newcomer = now - connection.connectedAt < NEWCOMER_MS;
      candidates.push({ socket, newcomer, heldPerByte: held / (bytes + 1) });
    }
    candidates.sort(
      (first, second) =>
        Number(first.newcomer) - Number(second.newcomer) || second.heldPerByte - first.heldPerByte,
    );
    const evicted = candidates.slice(0, evictedCount);
    for (const { socket } of evicted) {
      forget(socket);
      socket.destroy();
    }
    closedSinceWarning += evicted.length;
    if (now - lastWarning >= CAP_WARNING_INTERVAL_MS) {
      app.log.warn(
        { maxConnections: cap, closed: closedSinceWarning },
        'connection cap reached: the slowest connections were closed to make room',
      );
      closedSinceWarning = 0;
      lastWarning = now;
    }
    return evicted.length;
  };

  server.on('connection', (socket: Socket) => {
    // A socket that closed before this event has no address, and nothing to count.
    if (socket.remoteAddress === undefined) return;
    const visitor = visitorOf(socket.remoteAddress);
    const open = openByVisitor.get(visitor) ?? 0;
    if (perVisitor > 0 && open >= perVisitor) {
      socket.destroy();
      return;
    }
    if (connections.size >= cap && makeRoom() === 0) {
      socket.destroy();
      return;
    }
    openByVisitor.set(visitor, open + 1);
    const connectedAt = performance.now();
    const connection: Connection = { visitor, connectedAt, since: connectedAt, bytesBefore: 0 };
    connections.set(socket, connection);
    socket.once('close', () => forget(socket));
  });

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const connection = connections.get(request.socket);
    if (!connection) return;
    connection.request = request;
    beginStage(request.socket, connection);
    response.once('finish', () => {
      if (connection.request !== request) return;
      connection.request = undefined;
      beginStage(request.socket, connection);
    });
  });

  // An answer sent before the body was read: the connection closes once the answer is out (Node
  // ends and destroys the socket after a `Connection: close` answer), so a client that trickles
  // the rest of its body holds nothing.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.raw.complete) reply.header('connection', 'close');
    return payload;
  });

  app.addHook('preParsing', async (request, reply, payload) => {
    if (request.raw.complete) return payload;
    if (UPLOAD_ROUTES.has(request.routeOptions.url ?? '')) {
      watchUploadRate(request, reply);
      return payload;
    }
    // Any other body is read through a stream of our own that fails with a 408 when the deadline
    // passes; Fastify's body parser then answers through the one error handler.
    const body = new PassThrough();
    const timer = setTimeout(() => {
      payload.unpipe(body);
      body.destroy(new BodyTimeoutError());
    }, config.BODY_TIMEOUT_MS);
    const stop = () => clearTimeout(timer);
    body.once('end', stop);
    body.once('close', stop);
    // Fastify listens to the body it reads; one it never reads (a 415, a GET with a body) fails
    // too when its client leaves, and an 'error' nobody listens to would stop the process.
    body.on('error', stop);
    reply.raw.once('close', stop);
    payload.once('error', (error) => body.destroy(error));
    payload.pipe(body);
    return body;
  });

  /**
   * Once UPLOAD_GRACE_MS has passed, the upload must have arrived at UPLOAD_MIN_BYTES_PER_SECOND
   * on average since its headers, else it fails with a 408. An average, not a gap between bytes:
   * a line that stalls for a while and catches up is fine, a trickle is not.
   */
  function watchUploadRate(request: FastifyRequest, reply: FastifyReply) {
    const socket = request.raw.socket;
    const connection = connections.get(socket);
    const since = connection?.since ?? performance.now();
    const bytesBefore = connection?.bytesBefore ?? socket.bytesRead;
    const timer = setInterval(() => {
      if (request.raw.complete) {
        clearInterval(timer);
        return;
      }
      const milliseconds = performance.now() - since;
      if (milliseconds < config.UPLOAD_GRACE_MS) return;
      const bytesPerSecond = ((socket.bytesRead - bytesBefore) * 1000) / milliseconds;
      if (bytesPerSecond >= config.UPLOAD_MIN_BYTES_PER_SECOND) return;
      clearInterval(timer);
      failUpload(request, reply, new UploadTooSlowError(config.UPLOAD_MIN_BYTES_PER_SECOND));
    }, CONNECTION_CHECK_INTERVAL_MS);
    reply.raw.once('close', () => clearInterval(timer));
  }
}

/**
 * The multipart reader (@fastify/multipart) reads the request itself, not the stream preParsing
 * returns: an error on the request ends its reading as a broken body does, and the route answers
 * it through the error handler. Before anything reads the body, the answer goes at once.
 */
function failUpload(request: FastifyRequest, reply: FastifyReply, error: UploadTooSlowError) {
  if (request.raw.listenerCount('error') > 0) request.raw.emit('error', error);
  else if (!reply.sent) void reply.send(error);
}
