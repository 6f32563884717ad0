/**
 * The main thread's side of the Whisper worker (whisper-worker.ts): starts it, waits until the
 * model has loaded, and turns each request into a promise. A visitor who goes away stops the
 * running decode through a shared flag. A worker that dies fails the requests it held and is
 * started again on the next request.
 */
import { Worker } from 'node:worker_threads';
import { ENGINE_MESSAGES } from '@ai-tools/contracts';
import { GenerationAbortedError, ProviderFailedError } from '../../errors.ts';
import type {
  DecodedPiece,
  LanguageScores,
  WhisperReply,
  WhisperRequest,
  WhisperWorkerSettings,
} from './whisper-protocol.ts';

const WORKER_FILE = new URL('./whisper-worker.ts', import.meta.url);

/**
 * Node 20 does not pass the parent's `--import tsx` hooks on to a worker thread, so the worker
 * registers tsx itself before it loads its TypeScript file.
 */
const WORKER_BOOTSTRAP = `
  import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
    .then(({ register }) => { register(); return import(${JSON.stringify(WORKER_FILE.href)}); });
`;

interface PendingRequest {
  resolve: (reply: WhisperReply) => void;
  reject: (error: Error) => void;
}

/** What a request may be, without the id this class gives it. */
type RequestBody =
  | Omit<Extract<WhisperRequest, { kind: 'detect-language' }>, 'id'>
  | Omit<Extract<WhisperRequest, { kind: 'decode' }>, 'id'>;

export class WhisperThread {
  private readonly stopFlag = new Int32Array(new SharedArrayBuffer(4));
  private readonly pending = new Map<number, PendingRequest>();
  private nextId = 1;
  private worker?: Worker;
  private closed = false;

  private constructor(private readonly settings: Omit<WhisperWorkerSettings, 'stopFlag'>) {}

  /** Starts the worker and resolves once the model has loaded; rejects with the loader's words. */
  static async start(settings: Omit<WhisperWorkerSettings, 'stopFlag'>): Promise<WhisperThread> {
    const thread = new WhisperThread(settings);
    await thread.startWorker();
    return thread;
  }

  async detectLanguage(samples: Float32Array, signal: AbortSignal): Promise<LanguageScores> {
    const reply = await this.request({ kind: 'detect-language', samples }, signal);
    if (reply.kind !== 'languages') throw new Error(`Unexpected Whisper reply ${reply.kind}.`);
    return reply.scores;
  }

  async decode(
    samples: Float32Array,
    language: string | undefined,
    maxNewTokens: number,
    signal: AbortSignal,
  ): Promise<DecodedPiece> {
    const reply = await this.request({ kind: 'decode', samples, language, maxNewTokens }, signal);
    if (reply.kind !== 'decoded') throw new Error(`Unexpected Whisper reply ${reply.kind}.`);
    if (reply.piece.stopped) throw new GenerationAbortedError();
    return reply.piece;
  }

  async close() {
    this.closed = true;
    await this.worker?.terminate();
    this.worker = undefined;
  }

  private startWorker(): Promise<void> {
    const worker = new Worker(WORKER_BOOTSTRAP, {
      eval: true,
      workerData: { ...this.settings, stopFlag: this.stopFlag.buffer },
    });
    this.worker = worker;
    return new Promise((resolve, reject) => {
      let loaded = false;
      worker.on('message', (reply: WhisperReply) => {
        if (reply.kind === 'ready') {
          loaded = true;
          resolve();
        } else if (reply.kind === 'load-failed') {
          void worker.terminate();
          reject(new Error(reply.message));
        } else {
          const request = this.pending.get(reply.id);
          this.pending.delete(reply.id);
          if (reply.kind === 'failed') {
            request?.reject(
              new ProviderFailedError(ENGINE_MESSAGES.recognitionFailed, {
                cause: new Error(reply.message),
              }),
            );
          } else {
            request?.resolve(reply);
          }
        }
      });
      worker.on('error', (error) => {
        if (!loaded) reject(error);
      });
      worker.on('exit', () => {
        if (this.worker === worker) this.worker = undefined;
        if (!loaded) reject(new Error('The Whisper worker stopped before the model loaded.'));
        for (const request of this.pending.values()) {
          request.reject(new ProviderFailedError(ENGINE_MESSAGES.recognitionFailed));
        }
        this.pending.clear();
      });
    });
  }

  private async request(body: RequestBody, signal: AbortSignal): Promise<WhisperReply> {
    if (signal.aborted) throw new GenerationAbortedError();
    if (this.closed) throw new ProviderFailedError(ENGINE_MESSAGES.recognitionFailed);
    if (!this.worker) {
      await this.startWorker().catch((error: unknown) => {
        throw new ProviderFailedError(ENGINE_MESSAGES.recognitionFailed, { cause: error });
      });
    }
    const worker = this.worker;
    if (!worker) throw new ProviderFailedError(ENGINE_MESSAGES.recognitionFailed);
    const id = this.nextId++;
    // One request at a time (the transcriber's queue): the flag belongs to this one.
    Atomics.store(this.stopFlag, 0, 0);
    const stop = () => Atomics.store(this.stopFlag, 0, 1);
    signal.addEventListener('abort', stop, { once: true });
    try {
      return await new Promise<WhisperReply>((resolve, reject) => {
        this.pending.set(id, { resolve, reject });
        worker.postMessage({ ...body, id } satisfies WhisperRequest);
      });
    } finally {
      signal.removeEventListener('abort', stop);
    }
  }
}
