/**
 * docs/product.md section 3: blog { loading, blogContent, error, message }, plus the text as it
 * streams in, the place in line and whether the visitor stopped it (lib/writer-stream.ts).
 */
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { API_PATHS, type BlogRequest, type BlogResponse, BLOG_MESSAGES } from '@ai-tools/contracts';
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

export interface BlogState extends WriterStream {
  loading: boolean;
  blogContent: string;
  error: string | null;
  message: string | null;
}

const initialState: BlogState = {
  loading: false,
  blogContent: '',
  error: null,
  message: null,
  ...initialWriterStream,
};

const requestBlog = createAsyncThunk<string, BlogRequest, { rejectValue: string }>(
  'blog/generate',
  async (request, { rejectWithValue, signal, dispatch }) => {
    let body: BlogResponse;
    try {
      body = await postWriter<BlogResponse>(
        API_PATHS.generateBlog,
        request,
        dispatchWriterStream(dispatch, signal, blogSlice.actions),
      );
    } catch (error) {
      return rejectWithValue(getErrorMessage(error, BLOG_MESSAGES.serverError));
    }
    // docs/product.md section 7: an unsuccessful reply's message, else 'Failed to generate blog'.
    if (!body?.success) return rejectWithValue(body?.message || BLOG_MESSAGES.failed);
    return body.data?.content ?? '';
  },
);

const blogSlice = createSlice({
  name: 'blog',
  initialState,
  reducers: {
    ...writerStreamReducers,
    /** docs/product.md section 4: Clear resets the result and error. */
    blogCleared() {
      return initialState;
    },
    /** Stop: the text written so far is the post, without the success message. */
    blogStopped(state) {
      state.blogContent = endWriterStream(state);
      state.loading = false;
      state.stopped = true;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(requestBlog.pending, (state) => {
        state.loading = true;
        state.error = null;
        state.message = null;
        startWriterStream(state);
      })
      .addCase(requestBlog.fulfilled, (state, action) => {
        endWriterStream(state);
        state.loading = false;
        state.blogContent = action.payload;
        state.message = BLOG_MESSAGES.generated;
      })
      .addCase(requestBlog.rejected, (state, action) => {
        if (action.meta.aborted) return;
        // A generation that failed halfway keeps what it wrote: it is the visitor's.
        const written = endWriterStream(state);
        if (written) state.blogContent = written;
        state.loading = false;
        state.error = action.payload ?? BLOG_MESSAGES.somethingWentWrong;
      });
  },
  selectors: {
    selectBlog: (state) => state,
  },
});

export const { selectBlog } = blogSlice.selectors;
export const blogReducer = blogSlice.reducer;

const controls = createRequestControls(
  requestBlog,
  blogSlice.actions.blogCleared,
  blogSlice.actions.blogStopped,
);

/** Writes a blog post; a newer request replaces a running one. */
export const generateBlog = controls.start;

/** Clear: stops a running request and empties the result and error. */
export const clearBlog = controls.clear;

/** Stop: ends the running request (and its generation on the server), keeping the text so far. */
export const stopBlog = controls.stop;
