/**
 * docs/product.md section 3: videoScript { script, loading, error }, plus the text as it streams
 * in, the place in line, whether the visitor stopped it and what the writer's check said about the
 * text (lib/writer-slice.ts).
 */
import { API_PATHS, type VideoScriptRequest, WRITER_MESSAGES } from '@ai-tools/contracts';
import { getErrorMessage } from '../../lib/get-error-message.ts';
import { createWriterSlice } from '../../lib/writer-slice.ts';
import { writtenText } from '../../lib/writer-stream.ts';

const videoScript = createWriterSlice({
  name: 'videoScript',
  textField: 'script',
  path: API_PATHS.generateScript,
  ownState: {},
  // docs/product.md section 8: the server's message or the default, never the error's own.
  errorMessage: (error) =>
    getErrorMessage(error, WRITER_MESSAGES.failed, { useErrorMessage: false }),
  failed: WRITER_MESSAGES.failed,
  outcome: (body) => writtenText(body.data.script, body.data),
  started: (_state, _request: VideoScriptRequest) => {},
});

export const selectVideoScript = videoScript.select;
export const videoScriptReducer = videoScript.reducer;

/** Writes a script; a newer request replaces a running one. */
export const generateScript = videoScript.generate;

/** Clear: stops a running request and empties the result and error. */
export const clearScript = videoScript.clear;

/** Stop: ends the running request (and its generation on the server), keeping the text so far. */
export const stopScript = videoScript.stop;

/** Retry: writes a script for the last request again. */
export const retryScript = videoScript.retry;

export const requestScript = videoScript.request;
