/** SPEC section 3: story { story, loading, error }. */
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import {
  API_PATHS,
  DEFAULT_ERRORS,
  type StoryRequest,
  type StoryResponse,
} from '@ai-tools/contracts';
import { postJson } from '../../lib/api-client.ts';
import { getErrorMessage } from '../../lib/get-error-message.ts';
import { createRequestControls } from '../../lib/running-request.ts';

export interface StoryState {
  story: string;
  loading: boolean;
  error: string | null;
}

const initialState: StoryState = { story: '', loading: false, error: null };

const requestStory = createAsyncThunk<string, StoryRequest, { rejectValue: string }>(
  'story/generate',
  async (request, { rejectWithValue, signal }) => {
    try {
      const body = await postJson<Partial<StoryResponse>>(API_PATHS.generateStory, request, signal);
      return body.data?.story ?? '';
    } catch (error) {
      return rejectWithValue(getErrorMessage(error, DEFAULT_ERRORS.story));
    }
  },
);

const storySlice = createSlice({
  name: 'story',
  initialState,
  reducers: {
    /** SPEC section 4: the clear action of the Clear button. */
    storyCleared() {
      return initialState;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(requestStory.pending, (state) => {
        state.loading = true;
        state.error = null;
      })
      .addCase(requestStory.fulfilled, (state, action) => {
        state.loading = false;
        state.story = action.payload;
      })
      .addCase(requestStory.rejected, (state, action) => {
        if (action.meta.aborted) return;
        state.loading = false;
        state.error = action.payload ?? DEFAULT_ERRORS.story;
      });
  },
  selectors: {
    selectStory: (state) => state,
  },
});

export const { selectStory } = storySlice.selectors;
export const storyReducer = storySlice.reducer;

const controls = createRequestControls(requestStory, storySlice.actions.storyCleared);

/** Writes a story; a newer request replaces a running one. */
export const generateStory = controls.start;

/** Clear: stops a running request and empties the result and error. */
export const clearStory = controls.clear;
