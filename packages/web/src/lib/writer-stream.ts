/**
 * The part of a writer's slice (video script, blog, story) that follows its text as it streams
 * in (contracts/streaming.ts), and what the finished text is worth (contracts/draft-report.ts).
 * The slice's own fields keep the final result; these hold the rest.
 */
import type { PayloadAction } from '@reduxjs/toolkit';
import type { DraftReport, QueueEvent, WriterStep } from '@ai-tools/contracts';
import type { WriterStreamHandlers } from './api-client.ts';

export interface WriterStream {
  /** The text the running request has written so far. */
  partialText: string;
  /** The running request's place in line while it waits; null once the model writes for it. */
  queue: QueueEvent | null;
  /** How long the running request's work should take, as the server measured; null untold. */
  estimatedRunSeconds: number | null;
  /** What the writer works on now (planning, writing, rewriting); null before it has said. */
  step: WriterStep | null;
  /**
   * Text has arrived since the step began. A part's first words can take a while (the model reads
   * its instructions first: up to 20 s on a loaded 2-core server), and until then the page says
   * it is at work rather than look frozen.
   */
  textSinceStep: boolean;
  /** The visitor pressed Stop: the text written so far became the result. */
  stopped: boolean;
  /** What the writer's check still found wrong in the finished text, in the visitor's words. */
  problems: string[];
  /** The time limit ended the writing: the result is a partial draft. */
  cutOffAtTimeLimit: boolean;
  /** The request failed after some text was written: that text became the result. */
  failedPartway: boolean;
}

export const initialWriterStream: WriterStream = {
  partialText: '',
  queue: null,
  estimatedRunSeconds: null,
  step: null,
  textSinceStep: false,
  stopped: false,
  problems: [],
  cutOffAtTimeLimit: false,
  failedPartway: false,
};

/**
 * A streamed request's place in line (the writers' and the speech's). Nobody ahead means the
 * engine has started on this request: there is no line to show, and the server may say how long
 * the work takes at its measured speed.
 */
export function queueReducer(
  state: { queue: QueueEvent | null; estimatedRunSeconds: number | null },
  action: PayloadAction<QueueEvent>,
): void {
  const { ahead, estimatedRunSeconds } = action.payload;
  state.queue = ahead > 0 ? action.payload : null;
  if (estimatedRunSeconds !== undefined) state.estimatedRunSeconds = estimatedRunSeconds;
}

/** Reducers every writer's slice spreads into its own. */
export const writerStreamReducers = {
  textArrived(state: WriterStream, action: PayloadAction<string>) {
    state.partialText += action.payload;
    state.queue = null;
    state.textSinceStep = true;
  },
  /** The writer went back to rewrite a part that failed its check: this is the whole text now. */
  textReplaced(state: WriterStream, action: PayloadAction<string>) {
    state.partialText = action.payload;
    state.queue = null;
  },
  queueChanged: queueReducer,
  stepChanged(state: WriterStream, action: PayloadAction<WriterStep>) {
    state.step = action.payload;
    state.textSinceStep = false;
  },
};

/** A new request starts with no text, no place in line, no stop and nothing to report. */
export function startWriterStream(state: WriterStream): void {
  Object.assign(state, initialWriterStream);
}

/** Ends the stream's part of the state and hands back the text written so far. */
export function endWriterStream(state: WriterStream): string {
  const written = state.partialText;
  state.partialText = '';
  state.queue = null;
  state.step = null;
  state.textSinceStep = false;
  return written;
}

/** What a writer's thunk hands its slice: the text, and what the writer's check said about it. */
export interface WrittenText {
  text: string;
  problems: string[];
  cutOffAtTimeLimit: boolean;
}

/** A writer's answer as its thunk hands it on; an answer without a report is a whole text. */
export function writtenText(text: string, report: DraftReport = {}): WrittenText {
  return {
    text,
    problems: report.problems ?? [],
    cutOffAtTimeLimit: report.cutOffAtTimeLimit ?? false,
  };
}

/** The answer came: the stream ends, the report is kept, and the answer's text is handed back. */
export function finishWriterStream(state: WriterStream, written: WrittenText): string {
  endWriterStream(state);
  state.problems = written.problems;
  state.cutOffAtTimeLimit = written.cutOffAtTimeLimit;
  return written.text;
}

/**
 * The request failed: hands back the text written so far, which becomes the result (it is the
 * visitor's), marked as a partial draft when there is any.
 */
export function failWriterStream(state: WriterStream): string {
  const written = endWriterStream(state);
  state.failedPartway = written !== '';
  return written;
}

/**
 * What a writer's finished text is: whole (it ended and passed the writer's check), or why not. A
 * text may be cut off and have problems too; the cut comes first, since it explains the problems.
 */
export type DraftStanding =
  'whole' | 'stopped' | 'cutOffAtTimeLimit' | 'failedPartway' | 'problems';

/** The standing of the finished `text`; null while the writer writes or when there is no text. */
export function draftStanding(
  state: WriterStream & { loading: boolean },
  text: string,
): DraftStanding | null {
  if (state.loading || !text) return null;
  if (state.stopped) return 'stopped';
  if (state.cutOffAtTimeLimit) return 'cutOffAtTimeLimit';
  if (state.failedPartway) return 'failedPartway';
  if (state.problems.length > 0) return 'problems';
  return 'whole';
}

/** A text that ends where the writing stopped, not where the writer ended it. */
export function isPartialDraft(standing: DraftStanding | null): boolean {
  return standing === 'stopped' || standing === 'cutOffAtTimeLimit' || standing === 'failedPartway';
}

type WriterStreamActions = {
  textArrived: (text: string) => PayloadAction<string>;
  textReplaced: (text: string) => PayloadAction<string>;
  queueChanged: (queue: QueueEvent) => PayloadAction<QueueEvent>;
  stepChanged: (step: WriterStep) => PayloadAction<WriterStep>;
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
    onText: (text, replace) => {
      if (signal.aborted) return;
      dispatch(replace ? actions.textReplaced(text) : actions.textArrived(text));
    },
    onQueue: (queue) => {
      if (!signal.aborted) dispatch(actions.queueChanged(queue));
    },
    onStep: (step) => {
      if (!signal.aborted) dispatch(actions.stepChanged(step));
    },
  };
}
