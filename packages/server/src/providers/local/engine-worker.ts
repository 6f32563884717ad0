/**
 * The worker thread's side of engine-thread.ts: loads the model once, says so, then answers each
 * request with its id. A request that fails is answered with its error; the worker goes on.
 */
import { parentPort, type TransferListItem } from 'node:worker_threads';

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
