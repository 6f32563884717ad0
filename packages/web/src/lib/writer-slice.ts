/**
 * A writer's slice (video script, blog, story…): its finished text under the field docs/product.md
 * section 3 names for it, `loading` and `error`, the text as it streams in (writer-stream.ts), and
 * the start, clear, stop and retry thunks around its one request (running-request.ts). Beside
 * spoken-audio-slice.ts, which does the same for speech; each writer says only what differs.
 */
import {
  createAsyncThunk,
  createSlice,
  type AsyncThunkAction,
  type Reducer,
} from '@reduxjs/toolkit';
import { postWriter } from './api-client.ts';
import type { WriterAnswer, WriterPath } from './event-stream-client.ts';
import { createRequestControls } from './running-request.ts';
import {
  dispatchWriterStream,
  endWriterStream,
  failWriterStream,
  finishWriterStream,
  initialWriterStream,
  startWriterStream,
  writerStreamReducers,
  type WriterStream,
  type WrittenText,
} from './writer-stream.ts';

/** A writer's state: its text under `TextField`, its own fields (`Own`) and the stream's. */
export type WriterState<TextField extends string, Own extends object = object> = WriterStream &
  Own &
  Record<TextField, string> & { loading: boolean; error: string | null };

/** The writer's answer checked: its text and report, or the message it is refused with. */
export type WriterOutcome = WrittenText | { refused: string };

export interface WriterSliceOptions<
  Name extends string,
  TextField extends string,
  Path extends WriterPath,
  Request,
  Own extends object,
> {
  /** The slice's name in the store, and its thunk's prefix (`<name>/generate`). */
  name: Name;
  /** The state field of the finished text (blogContent, story, script…). */
  textField: TextField;
  /** The writer's call. */
  path: Path;
  /** The writer's own state beside its text, as it starts. */
  ownState: Own;
  /** What the page reads when the call fails: the server's message or the writer's default. */
  errorMessage: (error: unknown) => string;
  /** When the request ends without a word of why. */
  failed: string;
  /** The answer's text and report, or why it is refused. */
  outcome: (answer: WriterAnswer<Path>) => WriterOutcome;
  /** What the writer keeps of its request as it starts (the story's language). */
  started?: (state: Own, request: Request) => void;
  /** What the writer says once its text came (the blog's success message). */
  finished?: (state: WriterState<TextField, Own>) => void;
}

/**
 * The state as the slice's reducers see it: the stream's fields and the writer's own, by name.
 * TypeScript cannot follow a generic state through immer, so the reducers work on this and the
 * factory hands back the writer's own type.
 */
type AnyWriterState = WriterStream & {
  loading: boolean;
  error: string | null;
  [field: string]: unknown;
};

export function createWriterSlice<
  Name extends string,
  TextField extends string,
  Path extends WriterPath,
  Request,
  Own extends object = object,
>(options: WriterSliceOptions<Name, TextField, Path, Request, Own>) {
  type State = WriterState<TextField, Own>;
  const { name, textField, path, failed } = options;
  const initialState: AnyWriterState = {
    loading: false,
    error: null,
    [textField]: '',
    ...options.ownState,
    ...initialWriterStream,
  };

  const request = createAsyncThunk<WrittenText, Request, { rejectValue: string }>(
    `${name}/generate`,
    async (body, { rejectWithValue, signal, dispatch }) => {
      let answer: WriterAnswer<Path>;
      try {
        answer = await postWriter(
          path,
          body,
          dispatchWriterStream(dispatch, signal, slice.actions),
        );
      } catch (error) {
        return rejectWithValue(options.errorMessage(error));
      }
      // A body the contracts' schema refuses (a proxy's page) was rejected above, without words.
      const outcome = options.outcome(answer);
      return 'refused' in outcome ? rejectWithValue(outcome.refused) : outcome;
    },
  );

  const slice = createSlice({
    name,
    initialState,
    reducers: {
      ...writerStreamReducers,
      /** docs/product.md section 4: Clear empties the text, the error and loading. */
      cleared() {
        return initialState;
      },
      /** Stop: the text written so far is the result, without a success message. */
      stopped(state) {
        state[textField] = endWriterStream(state);
        state.loading = false;
        state.stopped = true;
      },
    },
    extraReducers: (builder) => {
      builder
        .addCase(request.pending, (state, action) => {
          state.loading = true;
          state.error = null;
          options.started?.(state as unknown as Own, action.meta.arg);
          startWriterStream(state);
        })
        .addCase(request.fulfilled, (state, action) => {
          state.loading = false;
          state[textField] = finishWriterStream(state, action.payload);
          options.finished?.(state as unknown as State);
        })
        .addCase(request.rejected, (state, action) => {
          if (action.meta.aborted) return;
          // A generation that failed halfway keeps what it wrote, as a partial draft: it is the
          // visitor's. One that wrote nothing leaves no text, as Stop does.
          state[textField] = failWriterStream(state);
          state.loading = false;
          state.error = action.payload ?? failed;
        });
    },
  });

  const controls = createRequestControls(
    // A generic request leaves TypeScript unsure whether the thunk takes an argument: it does.
    request as unknown as (
      argument: Request,
    ) => AsyncThunkAction<WrittenText, Request, { rejectValue: string }>,
    slice.actions.cleared,
    slice.actions.stopped,
  );

  return {
    reducer: slice.reducer as unknown as Reducer<State>,
    select: (state: Record<Name, State>) => state[name],
    /** The request's thunk, to tell a cancelled request from a finished one. */
    request,
    /** Writes a text; a newer request replaces a running one. */
    generate: controls.start,
    /** Clear: stops a running request and empties the result and error. */
    clear: controls.clear,
    /** Stop: ends the running request (and its generation on the server), keeping the text so far. */
    stop: controls.stop,
    /** Retry: writes a text for the last request again. */
    retry: controls.retry,
  };
}
