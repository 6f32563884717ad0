/** SPEC section 3: videoScript { script, loading, error }. */
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import {
  API_PATHS,
  DEFAULT_ERRORS,
  type VideoScriptRequest,
  type VideoScriptResponse,
} from '@ai-tools/contracts';
import { postJson } from '../../lib/api-client.ts';
import { getErrorMessage } from '../../lib/get-error-message.ts';
import { createRequestControls } from '../../lib/running-request.ts';

export interface VideoScriptState {
  script: string;
  loading: boolean;
  error: string | null;
}

const initialState: VideoScriptState = { script: '', loading: false, error: null };

const requestScript = createAsyncThunk<string, VideoScriptRequest, { rejectValue: string }>(
  'videoScript/generate',
  async (request, { rejectWithValue, signal }) => {
    try {
      const body = await postJson<Partial<VideoScriptResponse>>(
        API_PATHS.generateScript,
        request,
        signal,
      );
      return body.data?.script ?? '';
    } catch (error) {
      // SPEC section 8: the server's message or the default, never the error's own message.
      return rejectWithValue(
        getErrorMessage(error, DEFAULT_ERRORS.videoScript, { useErrorMessage: false }),
      );
    }
  },
);

const videoScriptSlice = createSlice({
  name: 'videoScript',
  initialState,
  reducers: {
    /** SPEC section 4: Clear empties the script, error and loading. */
    scriptCleared() {
      return initialState;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(requestScript.pending, (state) => {
        state.loading = true;
        state.error = null;
      })
      .addCase(requestScript.fulfilled, (state, action) => {
        state.loading = false;
        state.script = action.payload;
      })
      .addCase(requestScript.rejected, (state, action) => {
        if (action.meta.aborted) return;
        state.loading = false;
        state.error = action.payload ?? DEFAULT_ERRORS.videoScript;
      });
  },
  selectors: {
    selectVideoScript: (state) => state,
  },
});

export const { selectVideoScript } = videoScriptSlice.selectors;
export const videoScriptReducer = videoScriptSlice.reducer;

const controls = createRequestControls(requestScript, videoScriptSlice.actions.scriptCleared);

/** Writes a script; a newer request replaces a running one. */
export const generateScript = controls.start;

/** Clear: stops a running request and empties the result and error. */
export const clearScript = controls.clear;

export { requestScript };
