/**
 * The main thread's side of the Whisper worker (whisper-worker.ts), on an EngineThread. A visitor
 * who goes away stops the running decode through a flag shared with the worker.
 */
import { SPEECH_TO_TEXT_MESSAGES, type TranscriptionTask } from '@ai-tools/contracts';
import { EngineThread } from '../engine-thread.ts';
import type {
  DecodedPiece,
  LanguageScores,
  WhisperReply,
  WhisperRequest,
  WhisperWorkerSettings,
} from './whisper-protocol.ts';
import { GenerationAbortedError } from '../../../errors.ts';

export class WhisperThread {
  private constructor(
    private readonly engine: EngineThread<WhisperRequest, WhisperReply>,
    private readonly stopFlag: Int32Array,
  ) {}

  /** Starts the worker and resolves once the model has loaded; rejects with the loader's words. */
  static async start(settings: Omit<WhisperWorkerSettings, 'stopFlag'>): Promise<WhisperThread> {
    const stopFlag = new Int32Array(new SharedArrayBuffer(4));
    const engine = await EngineThread.start<WhisperRequest, WhisperReply>({
      file: new URL('./whisper-worker.ts', import.meta.url),
      settings: { ...settings, stopFlag: stopFlag.buffer } satisfies WhisperWorkerSettings,
      failureMessage: SPEECH_TO_TEXT_MESSAGES.recognitionFailed,
    });
    return new WhisperThread(engine, stopFlag);
  }

  async detectLanguage(samples: Float32Array, signal: AbortSignal): Promise<LanguageScores> {
    const piece = ownCopy(samples);
    const reply = await this.request({ kind: 'detect-language', samples: piece }, signal, [
      piece.buffer,
    ]);
    if (reply.kind !== 'languages') throw new Error(`Unexpected Whisper reply ${reply.kind}.`);
    return reply.scores;
  }

  async decode(
    piece: { samples: Float32Array; language: string | undefined; task: TranscriptionTask },
    maxNewTokens: number,
    signal: AbortSignal,
  ): Promise<DecodedPiece> {
    const samples = ownCopy(piece.samples);
    const reply = await this.request({ kind: 'decode', ...piece, samples, maxNewTokens }, signal, [
      samples.buffer,
    ]);
    if (reply.kind !== 'decoded') throw new Error(`Unexpected Whisper reply ${reply.kind}.`);
    if (reply.piece.stopped) throw new GenerationAbortedError();
    return reply.piece;
  }

  close() {
    return this.engine.close();
  }

  private async request(
    body: WhisperRequest,
    signal: AbortSignal,
    transfer: ArrayBuffer[],
  ): Promise<WhisperReply> {
    if (signal.aborted) throw new GenerationAbortedError();
    // One request at a time (the transcriber's queue): the flag belongs to this one.
    Atomics.store(this.stopFlag, 0, 0);
    const stop = () => Atomics.store(this.stopFlag, 0, 1);
    signal.addEventListener('abort', stop, { once: true });
    try {
      return await this.engine.request(body, transfer);
    } finally {
      signal.removeEventListener('abort', stop);
    }
  }
}

/**
 * A piece of the upload in an array of its own, moved to the worker rather than copied. Posting
 * the piece as a view of the upload's samples would clone the whole upload's buffer for every
 * piece: an hour's 230 MB for each 30 s heard.
 */
function ownCopy(samples: Float32Array): Float32Array<ArrayBuffer> {
  return samples.slice();
}
