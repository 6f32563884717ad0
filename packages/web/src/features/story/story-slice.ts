/**
 * docs/product.md section 3: story { story, loading, error }, plus the text as it streams in, the
 * place in line, whether the visitor stopped it and what the writer's check said about the text
 * (lib/writer-stream.ts).
 */
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import {
  API_PATHS,
  type StoryLanguage,
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
  failWriterStream,
  finishWriterStream,
  initialWriterStream,
  startWriterStream,
  writerStreamReducers,
  writtenText,
  type WriterStream,
  type WrittenText,
} from '../../lib/writer-stream.ts';

export interface StoryState extends WriterStream {
  story: string;
  loading: boolean;
  error: string | null;
  /**
   * The language of the story asked for last, so its Listen panel says beforehand when the voices
   * do not speak it, whatever the Language select shows since.
   */
  language: StoryLanguage | null;
}

const initialState: StoryState = {
  story: '',
  loading: false,
  error: null,
  language: null,
  ...initialWriterStream,
};

const requestStory = createAsyncThunk<WrittenText, StoryRequest, { rejectValue: string }>(
  'story/generate',
  async (request, { rejectWithValue, signal, dispatch }) => {
    let body: StoryResponse;
    try {
      body = await postWriter(
        API_PATHS.generateStory,
        request,
        dispatchWriterStream(dispatch, signal, storySlice.actions),
      );
    } catch (error) {
      return rejectWithValue(getErrorMessage(error, WRITER_MESSAGES.failed));
    }
    // A body the contracts' schema refuses (a proxy's page) was rejected above, without words.
    return writtenText(body.data.story, body.data);
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
      .addCase(requestStory.pending, (state, action) => {
        state.loading = true;
        state.error = null;
        state.language = action.meta.arg.language;
        startWriterStream(state);
      })
      .addCase(requestStory.fulfilled, (state, action) => {
        state.loading = false;
        state.story = finishWriterStream(state, action.payload);
      })
      .addCase(requestStory.rejected, (state, action) => {
        if (action.meta.aborted) return;
        // A generation that failed halfway keeps what it wrote, as a partial draft: it is the
        // visitor's. One that wrote nothing leaves no story, as Stop does.
        state.story = failWriterStream(state);
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

/** Retry: writes a story for the last request again. */
export const retryStory = controls.retry;
