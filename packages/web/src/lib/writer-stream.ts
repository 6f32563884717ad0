/**
 * The part of a writer's slice (video script, blog, story) that follows its text as it streams
 * in (contracts/streaming.ts). The slice's own fields keep the final result; these hold the rest.
 */
import type { PayloadAction } from '@reduxjs/toolkit';
import type { QueueEvent } from '@ai-tools/contracts';
import type { WriterStreamHandlers } from './api-client.ts';

export interface WriterStream {
  /** The text the running request has written so far. */
  partialText: string;
  /** The running request's place in line while it waits; null once the model writes for it. */
  queue: QueueEvent | null;
  /** The visitor pressed Stop: the text written so far became the result. */
  stopped: boolean;
}

export const initialWriterStream: WriterStream = { partialText: '', queue: null, stopped: false };

/**
 * A streamed request's place in line (the writers' and the speech's). Nobody ahead means the
 * engine has started on this request: there is no line to show.
 */
export function queueReducer(
  state: { queue: QueueEvent | null },
  action: PayloadAction<QueueEvent>,
): void {
  state.queue = action.payload.ahead > 0 ? action.payload : null;
}

/** Reducers every writer's slice spreads into its own. */
export const writerStreamReducers = {
  textArrived(state: WriterStream, action: PayloadAction<string>) {
    state.partialText += action.payload;
    state.queue = null;
  },
  queueChanged: queueReducer,
};

/** A new request starts with no text, no place in line and no stop. */
export function startWriterStream(state: WriterStream): void {
  Object.assign(state, initialWriterStream);
}

/** Ends the stream's part of the state and hands back the text written so far. */
export function endWriterStream(state: WriterStream): string {
  const written = state.partialText;
  state.partialText = '';
  state.queue = null;
  return written;
}

type WriterStreamActions = {
  textArrived: (text: string) => PayloadAction<string>;
  queueChanged: (queue: QueueEvent) => PayloadAction<QueueEvent>;
};

/**
 * The handlers a writer's thunk gives the API client: each event becomes an action of its slice.
 * Nothing is dispatched once the request was stopped or replaced.
 */
export function dispatchWriterStream(
  dispatch: (action: PayloadAction<unknown>) => unknown,
  signal: AbortSignal,
  actions: WriterStreamActions,
): WriterStreamHandlers {
  return {
    signal,
    onText: (text) => {
      if (!signal.aborted) dispatch(actions.textArrived(text));
    },
    onQueue: (queue) => {
      if (!signal.aborted) dispatch(actions.queueChanged(queue));
    },
  };
}
