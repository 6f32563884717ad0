/** SPEC section 3: blog { loading, blogContent, error, message }. */
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import {
  API_PATHS,
  CLIENT_MESSAGES,
  DEFAULT_ERRORS,
  type BlogRequest,
  type BlogResponse,
} from '@ai-tools/contracts';
import { postJson } from '../../lib/api-client.ts';
import { getErrorMessage } from '../../lib/get-error-message.ts';
import { createRequestControls } from '../../lib/running-request.ts';

export interface BlogState {
  loading: boolean;
  blogContent: string;
  error: string | null;
  message: string | null;
}

const initialState: BlogState = { loading: false, blogContent: '', error: null, message: null };

const requestBlog = createAsyncThunk<string, BlogRequest, { rejectValue: string }>(
  'blog/generate',
  async (request, { rejectWithValue, signal }) => {
    let body: BlogResponse;
    try {
      body = await postJson<BlogResponse>(API_PATHS.generateBlog, request, signal);
    } catch (error) {
      return rejectWithValue(getErrorMessage(error, DEFAULT_ERRORS.blogServer));
    }
    // SPEC section 7: an unsuccessful reply's message, else 'Failed to generate blog'.
    if (!body?.success) return rejectWithValue(body?.message || DEFAULT_ERRORS.blogUnsuccessful);
    return body.data?.content ?? '';
  },
);

const blogSlice = createSlice({
  name: 'blog',
  initialState,
  reducers: {
    /** SPEC section 4: Clear resets the result and error. */
    blogCleared() {
      return initialState;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(requestBlog.pending, (state) => {
        state.loading = true;
        state.error = null;
        state.message = null;
      })
      .addCase(requestBlog.fulfilled, (state, action) => {
        state.loading = false;
        state.blogContent = action.payload;
        state.message = CLIENT_MESSAGES.blogGenerated;
      })
      .addCase(requestBlog.rejected, (state, action) => {
        if (action.meta.aborted) return;
        state.loading = false;
        state.error = action.payload ?? DEFAULT_ERRORS.blogSlice;
      });
  },
  selectors: {
    selectBlog: (state) => state,
  },
});

export const { selectBlog } = blogSlice.selectors;
export const blogReducer = blogSlice.reducer;

const controls = createRequestControls(requestBlog, blogSlice.actions.blogCleared);

/** Writes a blog post; a newer request replaces a running one. */
export const generateBlog = controls.start;

/** Clear: stops a running request and empties the result and error. */
export const clearBlog = controls.clear;
