/**
 * A model that runs in a worker thread, seen from the main thread. onnxruntime-node runs a session
 * synchronously on the thread that calls it, so a model run on the main thread holds every other
 * request (and /api/health) until it ends. The worker (engine-worker.ts on its side) loads the
 * model once and answers requests one at a time; this class starts it, waits until the model has
 * loaded, and turns each request into a promise. A worker that dies fails the requests it held and
 * is started again on the next request.
 */
import { Worker, type TransferListItem } from 'node:worker_threads';
import type { EngineReply } from './engine-worker.ts';
import { ProviderFailedError } from '../../errors.ts';

/**
 * Node 20 does not pass the parent's `--import tsx` hooks on to a worker thread, so the worker
 * registers tsx itself before it loads its TypeScript file.
 */
function bootstrap(file: URL): string {
  return `
  import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
    .then(({ register }) => { register(); return import(${JSON.stringify(file.href)}); });
`;
}

export interface EngineThreadOptions {
  /** The worker's module, which calls serveEngine(). */
  file: URL;
  /** What the worker reads as `workerData`. */
  settings: object;
  /** The visitor's message when the engine fails (each tool's messages). */
  failureMessage: string;
}

interface PendingRequest<Reply> {
  resolve: (reply: Reply) => void;
  reject: (error: Error) => void;
}

export class EngineThread<Request extends object, Reply extends object> {
  private readonly pending = new Map<number, PendingRequest<Reply>>();
  private nextId = 1;
  private worker?: Worker;
  private closed = false;

  private constructor(private readonly options: EngineThreadOptions) {}

  /** Starts the worker and resolves once the model has loaded; rejects with the loader's words. */
  static async start<Request extends object, Reply extends object>(
    options: EngineThreadOptions,
  ): Promise<EngineThread<Request, Reply>> {
    const thread = new EngineThread<Request, Reply>(options);
    await thread.startWorker();
    return thread;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Sends one request; `transfer` moves large buffers to the worker instead of copying them. */
  async request(body: Request, transfer: TransferListItem[] = []): Promise<Reply> {
    if (this.closed) throw new ProviderFailedError(this.options.failureMessage);
    if (!this.worker) {
      await this.startWorker().catch((error: unknown) => {
        throw new ProviderFailedError(this.options.failureMessage, { cause: error });
      });
    }
    const worker = this.worker;
    if (!worker) throw new ProviderFailedError(this.options.failureMessage);
    const id = this.nextId++;
    return new Promise<Reply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, request: body }, transfer);
    });
  }

  /** Stops the worker; a model run in progress ends with it. */
  async close() {
    this.closed = true;
    await this.worker?.terminate();
    this.worker = undefined;
  }

  private startWorker(): Promise<void> {
    const { file, settings, failureMessage } = this.options;
    const worker = new Worker(bootstrap(file), { eval: true, workerData: settings });
    this.worker = worker;
    return new Promise((resolve, reject) => {
      let loaded = false;
      worker.on('message', (message: EngineReply<Reply>) => {
        if (message.kind === 'ready') {
          loaded = true;
          resolve();
        } else if (message.kind === 'load-failed') {
          void worker.terminate();
          reject(new Error(message.message));
        } else {
          const request = this.pending.get(message.id);
          this.pending.delete(message.id);
          if (message.kind === 'failed') {
            request?.reject(
              new ProviderFailedError(failureMessage, { cause: new Error(message.message) }),
            );
          } else {
            request?.resolve(message.reply);
          }
        }
      });
      worker.on('error', (error) => {
        if (!loaded) reject(error);
      });
      worker.on('exit', () => {
        if (this.worker === worker) this.worker = undefined;
        if (!loaded) reject(new Error('The engine worker stopped before the model loaded.'));
        for (const request of this.pending.values()) {
          request.reject(new ProviderFailedError(failureMessage));
        }
        this.pending.clear();
      });
    });
  }
}
