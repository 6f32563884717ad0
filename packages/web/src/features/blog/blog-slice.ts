/**
 * docs/product.md section 3: blog { loading, blogContent, error, message }, plus the text as it
 * streams in, the place in line, whether the visitor stopped it and what the writer's check said
 * about the post (lib/writer-stream.ts).
 */
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { API_PATHS, type BlogRequest, type BlogResponse, BLOG_MESSAGES } from '@ai-tools/contracts';
import { postWriter } from '../../lib/api-client.ts';
import { getErrorMessage } from '../../lib/get-error-message.ts';
import { createRequestControls } from '../../lib/running-request.ts';
import {
  dispatchWriterStream,
  draftStanding,
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

const requestBlog = createAsyncThunk<WrittenText, BlogRequest, { rejectValue: string }>(
  'blog/generate',
  async (request, { rejectWithValue, signal, dispatch }) => {
    let body: BlogResponse;
    try {
      body = await postWriter(
        API_PATHS.generateBlog,
        request,
        dispatchWriterStream(dispatch, signal, blogSlice.actions),
      );
    } catch (error) {
      return rejectWithValue(getErrorMessage(error, BLOG_MESSAGES.serverError));
    }
    // docs/product.md section 7: an unsuccessful reply's message, else 'Failed to generate blog'.
    if (!body.success) return rejectWithValue(body.message || BLOG_MESSAGES.failed);
    return writtenText(body.data?.content ?? '', body.data);
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
        state.loading = false;
        state.blogContent = finishWriterStream(state, action.payload);
        // Only a whole post that passed the writer's check is a success.
        state.message =
          draftStanding(state, state.blogContent) === 'whole' ? BLOG_MESSAGES.generated : null;
      })
      .addCase(requestBlog.rejected, (state, action) => {
        if (action.meta.aborted) return;
        // A generation that failed halfway keeps what it wrote, as a partial draft: it is the
        // visitor's. One that wrote nothing leaves no post, as Stop does.
        state.blogContent = failWriterStream(state);
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

/** Retry: writes a post for the last request again. */
export const retryBlog = controls.retry;
