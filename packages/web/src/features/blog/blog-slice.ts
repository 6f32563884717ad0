/**
 * docs/product.md section 3: blog { loading, blogContent, error, message }, plus the text as it
 * streams in, the place in line, whether the visitor stopped it and what the writer's check said
 * about the post (lib/writer-slice.ts).
 */
import { API_PATHS, type BlogRequest, BLOG_MESSAGES } from '@ai-tools/contracts';
import { getErrorMessage } from '../../lib/get-error-message.ts';
import { createWriterSlice } from '../../lib/writer-slice.ts';
import { draftStanding, writtenText } from '../../lib/writer-stream.ts';

const blog = createWriterSlice({
  name: 'blog',
  textField: 'blogContent',
  path: API_PATHS.generateBlog,
  ownState: { message: null as string | null },
  errorMessage: (error) => getErrorMessage(error, BLOG_MESSAGES.serverError),
  failed: BLOG_MESSAGES.somethingWentWrong,
  // docs/product.md section 7: an unsuccessful reply's message, else 'Failed to generate blog'.
  outcome: (body) =>
    body.success
      ? writtenText(body.data?.content ?? '', body.data)
      : { refused: body.message || BLOG_MESSAGES.failed },
  started: (state, _request: BlogRequest) => {
    state.message = null;
  },
  // Only a whole post that passed the writer's check is a success.
  finished: (state) => {
    state.message =
      draftStanding(state, state.blogContent) === 'whole' ? BLOG_MESSAGES.generated : null;
  },
});

export const selectBlog = blog.select;
export const blogReducer = blog.reducer;

/** Writes a blog post; a newer request replaces a running one. */
export const generateBlog = blog.generate;

/** Clear: stops a running request and empties the result and error. */
export const clearBlog = blog.clear;

/** Stop: ends the running request (and its generation on the server), keeping the text so far. */
export const stopBlog = blog.stop;

/** Retry: writes a post for the last request again. */
export const retryBlog = blog.retry;
