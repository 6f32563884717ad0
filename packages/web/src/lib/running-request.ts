import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';

/** What dispatching a createAsyncThunk thunk returns: a promise that can be cancelled. */
interface CancellableRequest extends PromiseLike<unknown> {
  abort: () => void;
}

/**
 * Holds a tool's running request so Clear (or a newer request) can cancel it. A request that
 * finishes lets go of itself, unless a newer one has taken its place.
 */
export function createRunningRequest() {
  let current: CancellableRequest | undefined;
  return {
    track<Request extends CancellableRequest>(request: Request): Request {
      current = request;
      const release = () => {
        if (current === request) current = undefined;
      };
      void request.then(release, release);
      return request;
    },
    /** Whether a request was running. */
    cancel(): boolean {
      const wasRunning = current !== undefined;
      current?.abort();
      current = undefined;
      return wasRunning;
    },
  };
}

/** What a thunk action creator makes: a function the store's dispatch runs. */
type ThunkOf<Result> = (
  dispatch: ThunkDispatch<unknown, unknown, UnknownAction>,
  getState: () => unknown,
  extra: unknown,
) => Result;

/**
 * The start, clear, stop and retry thunks of a tool around its one request. Starting cancels a
 * running request first (a newer request replaces it); clearing cancels it, then dispatches the
 * slice's cleared action; stopping cancels a running request, then dispatches the slice's stopped
 * action (a writer keeps the text written so far); retrying starts the last request again (a
 * writer's Retry over a draft with problems). The running request lives here, beside the slice and
 * not in the page, so Clear still cancels a request started before the visitor left the page and
 * came back, and Retry still repeats it.
 */
export function createRequestControls<Argument, Request extends CancellableRequest>(
  request: (argument: Argument) => ThunkOf<Request>,
  cleared: () => UnknownAction,
  stopped?: () => UnknownAction,
) {
  const running = createRunningRequest();
  let last: { argument: Argument } | undefined;
  const start =
    (argument: Argument) => (dispatch: ThunkDispatch<unknown, unknown, UnknownAction>) => {
      running.cancel();
      last = { argument };
      return running.track(dispatch(request(argument)));
    };
  return {
    start,
    clear: () => (dispatch: ThunkDispatch<unknown, unknown, UnknownAction>) => {
      running.cancel();
      last = undefined;
      dispatch(cleared());
    },
    stop: () => (dispatch: ThunkDispatch<unknown, unknown, UnknownAction>) => {
      if (running.cancel() && stopped) dispatch(stopped());
    },
    /** Nothing happens when nothing was started since the last clear. */
    retry: () => (dispatch: ThunkDispatch<unknown, unknown, UnknownAction>) =>
      last ? start(last.argument)(dispatch) : undefined,
  };
}
