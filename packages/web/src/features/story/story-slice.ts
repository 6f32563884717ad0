/**
 * docs/product.md section 3: story { story, loading, error }, plus the text as it streams in, the
 * place in line and whether the visitor stopped it (lib/writer-stream.ts).
 */
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import {
  API_PATHS,
  type StoryRequest,
  type StoryResponse,
  WRITER_MESSAGES,
} from '@ai-tools/contracts';
import { postWriter } from '../../lib/api-client.ts';
import { getErrorMessage } from '../../lib/get-error-message.ts';
import { createRequestControls } from '../../lib/running-request.ts';
import {
  dispatchWriterStream,
  endWriterStream,
  initialWriterStream,
  startWriterStream,
  writerStreamReducers,
  type WriterStream,
} from '../../lib/writer-stream.ts';

export interface StoryState extends WriterStream {
  story: string;
  loading: boolean;
  error: string | null;
}

const initialState: StoryState = {
  story: '',
  loading: false,
  error: null,
  ...initialWriterStream,
};

const requestStory = createAsyncThunk<string, StoryRequest, { rejectValue: string }>(
  'story/generate',
  async (request, { rejectWithValue, signal, dispatch }) => {
    try {
      const body = await postWriter<Partial<StoryResponse>>(
        API_PATHS.generateStory,
        request,
        dispatchWriterStream(dispatch, signal, storySlice.actions),
      );
      return body.data?.story ?? '';
    } catch (error) {
      return rejectWithValue(getErrorMessage(error, WRITER_MESSAGES.failed));
    }
  },
);

const storySlice = createSlice({
  name: 'story',
  initialState,
  reducers: {
    ...writerStreamReducers,
    /** docs/product.md section 4: the clear action of the Clear button. */
    storyCleared() {
      return initialState;
    },
    /** Stop: the text written so far is the story. */
    storyStopped(state) {
      state.story = endWriterStream(state);
      state.loading = false;
      state.stopped = true;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(requestStory.pending, (state) => {
        state.loading = true;
        state.error = null;
        startWriterStream(state);
      })
      .addCase(requestStory.fulfilled, (state, action) => {
        endWriterStream(state);
        state.loading = false;
        state.story = action.payload;
      })
      .addCase(requestStory.rejected, (state, action) => {
        if (action.meta.aborted) return;
        // A generation that failed halfway keeps what it wrote: it is the visitor's.
        const written = endWriterStream(state);
        if (written) state.story = written;
        state.loading = false;
        state.error = action.payload ?? WRITER_MESSAGES.failed;
      });
  },
  selectors: {
    selectStory: (state) => state,
  },
});

export const { selectStory } = storySlice.selectors;
export const storyReducer = storySlice.reducer;

const controls = createRequestControls(
  requestStory,
  storySlice.actions.storyCleared,
  storySlice.actions.storyStopped,
);

/** Writes a story; a newer request replaces a running one. */
export const generateStory = controls.start;

/** Clear: stops a running request and empties the result and error. */
export const clearStory = controls.clear;

/** Stop: ends the running request (and its generation on the server), keeping the text so far. */
export const stopStory = controls.stop;
