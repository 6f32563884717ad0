/**
 * docs/product.md section 3: story { story, loading, error }, plus the text as it streams in, the
 * place in line, whether the visitor stopped it and what the writer's check said about the text
 * (lib/writer-slice.ts).
 */
import {
  API_PATHS,
  type StoryLanguage,
  type StoryRequest,
  WRITER_MESSAGES,
} from '@ai-tools/contracts';
import { getErrorMessage } from '../../lib/get-error-message.ts';
import { createWriterSlice } from '../../lib/writer-slice.ts';
import { writtenText } from '../../lib/writer-stream.ts';

const story = createWriterSlice({
  name: 'story',
  textField: 'story',
  path: API_PATHS.generateStory,
  ownState: {
    /**
     * The language of the story asked for last, so its Listen panel says beforehand when the
     * voices do not speak it, whatever the Language select shows since.
     */
    language: null as StoryLanguage | null,
  },
  errorMessage: (error) => getErrorMessage(error, WRITER_MESSAGES.failed),
  failed: WRITER_MESSAGES.failed,
  outcome: (body) => writtenText(body.data.story, body.data),
  started: (state, request: StoryRequest) => {
    state.language = request.language;
  },
});

export const selectStory = story.select;
export const storyReducer = story.reducer;

/** Writes a story; a newer request replaces a running one. */
export const generateStory = story.generate;

/** Clear: stops a running request and empties the result and error. */
export const clearStory = story.clear;

/** Stop: ends the running request (and its generation on the server), keeping the text so far. */
export const stopStory = story.stop;

/** Retry: writes a story for the last request again. */
export const retryStory = story.retry;
