/**
 * The worker thread's side of engine-thread.ts: loads the model once, says so, then answers each
 * request with its id. A request that fails is answered with its error; the worker goes on.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, type TransferListItem } from 'node:worker_threads';

/**
 * The niceness of a model's threads: the server's own thread (nice 0) gets a core first, so
 * /api/health and every other request answer quickly while a model keeps both cores busy; the
 * model still gets whatever the server leaves.
 */
const ENGINE_NICENESS = 10;

export type EngineReply<Reply> =
  | { kind: 'ready' }
  | { kind: 'load-failed'; message: string }
  | { kind: 'answered'; id: number; reply: Reply }
  | { kind: 'failed'; id: number; message: string };

export interface EngineAnswer<Reply> {
  reply: Reply;
  /** Buffers of the reply to move to the main thread instead of copying them. */
  transfer?: TransferListItem[];
}

export async function serveEngine<Engine, Request, Reply>(
  load: () => Promise<Engine>,
  answer: (engine: Engine, request: Request) => Promise<EngineAnswer<Reply>>,
): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('serveEngine() runs only in a worker thread.');
  const send = (message: EngineReply<Reply>, transfer?: TransferListItem[]) =>
    port.postMessage(message, transfer);
  lowerThreadPriority();
  let engine: Engine;
  try {
    engine = await load();
  } catch (error) {
    send({ kind: 'load-failed', message: error instanceof Error ? error.message : String(error) });
    return;
  }
  port.on('message', ({ id, request }: { id: number; request: Request }) => {
    answer(engine, request).then(
      ({ reply, transfer }) => send({ kind: 'answered', id, reply }, transfer),
      (error: unknown) => send({ kind: 'failed', id, message: String(error) }),
    );
  });
  send({ kind: 'ready' });
}

/**
 * Lowers this worker thread's priority before the model starts its own threads, which inherit it.
 * Linux names a thread by its id, which /proc/thread-self leads to; elsewhere nothing changes.
 */
function lowerThreadPriority() {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (Number.isInteger(threadId)) setPriority(threadId, ENGINE_NICENESS);
  } catch {
    // Not Linux, or not allowed: the model runs at the server's priority.
  }
}
