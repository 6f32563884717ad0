/**
 * docs/product.md section 3: videoScript { script, loading, error }, plus the text as it streams
 * in, the place in line, whether the visitor stopped it and what the writer's check said about the
 * text (lib/writer-stream.ts).
 */
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import {
  API_PATHS,
  type VideoScriptRequest,
  type VideoScriptResponse,
  WRITER_MESSAGES,
} from '@ai-tools/contracts';
import { postWriter } from '../../lib/api-client.ts';
import { getErrorMessage } from '../../lib/get-error-message.ts';
import { createRequestControls } from '../../lib/running-request.ts';
import {
  dispatchWriterStream,
  endWriterStream,
  failWriterStream,
  finishWriterStream,
  initialWriterStream,
  startWriterStream,
  writerStreamReducers,
  writtenText,
  type WriterStream,
  type WrittenText,
} from '../../lib/writer-stream.ts';

export interface VideoScriptState extends WriterStream {
  script: string;
  loading: boolean;
  error: string | null;
}

const initialState: VideoScriptState = {
  script: '',
  loading: false,
  error: null,
  ...initialWriterStream,
};

const requestScript = createAsyncThunk<WrittenText, VideoScriptRequest, { rejectValue: string }>(
  'videoScript/generate',
  async (request, { rejectWithValue, signal, dispatch }) => {
    let body: VideoScriptResponse;
    try {
      body = await postWriter(
        API_PATHS.generateScript,
        request,
        dispatchWriterStream(dispatch, signal, videoScriptSlice.actions),
      );
    } catch (error) {
      // docs/product.md section 8: the server's message or the default, never the error's own.
      return rejectWithValue(
        getErrorMessage(error, WRITER_MESSAGES.failed, { useErrorMessage: false }),
      );
    }
    // A body the contracts' schema refuses (a proxy's page) was rejected above, without words.
    return writtenText(body.data.script, body.data);
  },
);

const videoScriptSlice = createSlice({
  name: 'videoScript',
  initialState,
  reducers: {
    ...writerStreamReducers,
    /** docs/product.md section 4: Clear empties the script, error and loading. */
    scriptCleared() {
      return initialState;
    },
    /** Stop: the text written so far is the script. */
    scriptStopped(state) {
      state.script = endWriterStream(state);
      state.loading = false;
      state.stopped = true;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(requestScript.pending, (state) => {
        state.loading = true;
        state.error = null;
        startWriterStream(state);
      })
      .addCase(requestScript.fulfilled, (state, action) => {
        state.loading = false;
        state.script = finishWriterStream(state, action.payload);
      })
      .addCase(requestScript.rejected, (state, action) => {
        if (action.meta.aborted) return;
        // A generation that failed halfway keeps what it wrote, as a partial draft: it is the
        // visitor's. One that wrote nothing leaves no script, as Stop does.
        state.script = failWriterStream(state);
        state.loading = false;
        state.error = action.payload ?? WRITER_MESSAGES.failed;
      });
  },
  selectors: {
    selectVideoScript: (state) => state,
  },
});

export const { selectVideoScript } = videoScriptSlice.selectors;
export const videoScriptReducer = videoScriptSlice.reducer;

const controls = createRequestControls(
  requestScript,
  videoScriptSlice.actions.scriptCleared,
  videoScriptSlice.actions.scriptStopped,
);

/** Writes a script; a newer request replaces a running one. */
export const generateScript = controls.start;

/** Clear: stops a running request and empties the result and error. */
export const clearScript = controls.clear;

/** Stop: ends the running request (and its generation on the server), keeping the text so far. */
export const stopScript = controls.stop;

/** Retry: writes a script for the last request again. */
export const retryScript = controls.retry;

export { requestScript };
