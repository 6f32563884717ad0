/**
 * A generation's text as an async iterable, for a job that pushes its pieces as they come (the
 * local engine's chunks, a worker's Relay messages).
 */
import { GenerationAbortedError } from '../errors.ts';

/**
 * Starts `run` and yields what it pushes, in order, until it ends; then throws its error, if any.
 * `run`'s own signal aborts both when the visitor's does and when the reader stops reading, and
 * the iterable ends only once `run` has (so an engine's sequence is free again). No piece is
 * yielded after the visitor's signal aborts.
 */
export async function* piecesWhileRunning(
  signal: AbortSignal | undefined,
  run: (push: (piece: string) => void, stop: AbortSignal) => Promise<unknown>,
): AsyncGenerator<string> {
  if (signal?.aborted) throw new GenerationAbortedError();
  const stop = new AbortController();
  const forwardAbort = () => stop.abort();
  signal?.addEventListener('abort', forwardAbort, { once: true });
  const pieces: string[] = [];
  let finished = false;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  const job = run((piece) => {
    pieces.push(piece);
    notify();
  }, stop.signal).then(
    () => {
      finished = true;
      notify();
    },
    (error: unknown) => {
      failure = error instanceof Error ? error : new Error(String(error));
      finished = true;
      notify();
    },
  );
  try {
    for (;;) {
      if (signal?.aborted) throw new GenerationAbortedError();
      const piece = pieces.shift();
      if (piece !== undefined) {
        yield piece;
        continue;
      }
      if (finished) break;
      await new Promise<void>((resolve) => (wake = resolve));
    }
    if (signal?.aborted) throw new GenerationAbortedError();
    if (failure) throw failure;
  } finally {
    stop.abort();
    signal?.removeEventListener('abort', forwardAbort);
    await job;
  }
}
