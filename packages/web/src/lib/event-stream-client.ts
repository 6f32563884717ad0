/**
 * The streamed answers of the writers and of text to speech (contracts/streaming.ts), read with
 * eventsource-parser, and their final answer checked with the call's own schema from the
 * contracts. Loaded on first use through postWriter and postSpeech in api-client.ts, so zod and
 * the schemas stay out of the first page load.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import {
  API_PATHS,
  blogResponseSchema,
  errorEventSchema,
  EVENT_STREAM_MEDIA_TYPE,
  queueEventSchema,
  REQUEST_MESSAGES,
  SPEECH_STREAM_EVENTS,
  STREAM_EVENTS,
  speechPieceEventSchema,
  stepEventSchema,
  storyResponseSchema,
  PRODUCT_DESCRIPTION_TOOL,
  productDescriptionResponseSchema,
  textEventSchema,
  spokenAudioAnswerSchema,
  TEXT_TO_SPEECH_MESSAGES,
  type SpokenAudioAnswer,
  videoScriptResponseSchema,
  WRITER_STREAM_EVENTS,
} from '@ai-tools/contracts';
import {
  ApiRequestError,
  isAbort,
  openRequest,
  readJsonAnswer,
  serverFailure,
  type SpeechStreamHandlers,
  type WriterStreamHandlers,
} from './http.ts';

/** Each writer's answer, by its path: the schema its final `result` must pass. */
const WRITER_ANSWERS = {
  [API_PATHS.generateScript]: videoScriptResponseSchema,
  [API_PATHS.generateBlog]: blogResponseSchema,
  [API_PATHS.generateStory]: storyResponseSchema,
  [PRODUCT_DESCRIPTION_TOOL.apiPaths.generateProductDescription]: productDescriptionResponseSchema,
};
export type WriterPath = keyof typeof WRITER_ANSWERS;
export type WriterAnswer<Path extends WriterPath> = ReturnType<
  (typeof WRITER_ANSWERS)[Path]['parse']
>;

/** The schema a call's final answer must pass, and what the visitor reads when it does not. */
interface AnswerCheck<T> {
  /** A contracts schema, as far as this client uses it. */
  schema: { safeParse(payload: unknown): { success: true; data: T } | { success: false } };
  /** Empty: the page's own default for the tool. */
  malformedMessage: string;
}

/**
 * Posts a request asking for Server-Sent Events (contracts/streaming.ts) and resolves with the
 * final `result`: the same JSON the plain call answers, checked with the call's schema. Every
 * other event goes to `onEvent`. A server or proxy that answers plain JSON instead is read and
 * checked as such. An HTTP error or an `error` event rejects with an ApiRequestError carrying the
 * server's message, and so does an answer the schema refuses, with `malformedMessage`. Aborting the
 * signal closes the connection, which ends the work on the server.
 */
async function streamAnswer<T>(
  path: string,
  body: unknown,
  signal: AbortSignal | undefined,
  answer: AnswerCheck<T>,
  onEvent: (event: string, payload: unknown) => void,
): Promise<T> {
  const checked = (payload: unknown, status: number): T => {
    const parsed = answer.schema.safeParse(payload);
    if (!parsed.success) throw new ApiRequestError(answer.malformedMessage, status);
    return parsed.data;
  };

  const response = await openRequest(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: EVENT_STREAM_MEDIA_TYPE },
    body: JSON.stringify(body),
    signal,
  });
  const contentType = response.headers.get('content-type') ?? '';
  if (!response.ok || !contentType.startsWith(EVENT_STREAM_MEDIA_TYPE) || !response.body) {
    return checked(await readJsonAnswer<unknown>(response), response.status);
  }

  let outcome: { result: unknown } | { error: ApiRequestError } | undefined;
  const handle = ({ event, data }: EventSourceMessage) => {
    if (outcome) return;
    const payload = parseJson(data);
    if (event === STREAM_EVENTS.result) {
      outcome =
        payload === undefined
          ? { error: new ApiRequestError(REQUEST_MESSAGES.answerCutOff, response.status) }
          : { result: payload };
    } else if (event === STREAM_EVENTS.error) {
      const parsed = errorEventSchema.safeParse(payload);
      outcome = {
        error: parsed.success
          ? serverFailure(parsed.data.status, parsed.data.message)
          : new ApiRequestError(REQUEST_MESSAGES.answerCutOff, response.status),
      };
    } else {
      onEvent(event ?? 'message', payload);
    }
  };
  const parser = createParser({ onEvent: handle });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  try {
    while (!outcome) {
      const { done, value } = await reader.read();
      // A piece read just before Stop must not reach the page after it.
      if (signal?.aborted) throw abortError(signal);
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } catch (error) {
    if (isAbort(error) || signal?.aborted) throw abortError(signal);
    throw new ApiRequestError(REQUEST_MESSAGES.answerCutOff, response.status);
  } finally {
    // Lets the connection go once the final event is in (or the reading failed).
    reader.cancel().catch(() => {});
  }
  if (!outcome) throw new ApiRequestError(REQUEST_MESSAGES.answerCutOff, response.status);
  if ('error' in outcome) throw outcome.error;
  return checked(outcome.result, response.status);
}

/**
 * A writer call's stream: its place in line, its steps and its text as the model writes it. An
 * answer its schema refuses rejects without words: the page shows its own default.
 */
export function streamWriter<Path extends WriterPath>(
  path: Path,
  body: unknown,
  { signal, onQueue, onText, onStep }: WriterStreamHandlers = {},
): Promise<WriterAnswer<Path>> {
  const answer: AnswerCheck<WriterAnswer<Path>> = {
    // TypeScript cannot follow a generic path to its own schema; WRITER_ANSWERS pairs them.
    schema: WRITER_ANSWERS[path] as AnswerCheck<WriterAnswer<Path>>['schema'],
    malformedMessage: '',
  };
  return streamAnswer(path, body, signal, answer, (event, payload) => {
    if (event === WRITER_STREAM_EVENTS.text) {
      const parsed = textEventSchema.safeParse(payload);
      if (parsed.success) onText?.(parsed.data.text, parsed.data.replace ?? false);
    } else if (event === WRITER_STREAM_EVENTS.queue) {
      const parsed = queueEventSchema.safeParse(payload);
      if (parsed.success) onQueue?.(parsed.data);
    } else if (event === WRITER_STREAM_EVENTS.step) {
      const parsed = stepEventSchema.safeParse(payload);
      if (parsed.success) onStep?.(parsed.data.step);
    }
    // Other events are a newer server's additions: this page has no use for them.
  });
}

/**
 * The text-to-speech call's stream: its place in line and each piece of speech as it is made. An
 * answer its schema refuses holds no audio the page can play (TEXT_TO_SPEECH_MESSAGES.noAudioData).
 */
export function streamSpeech(
  body: unknown,
  { signal, onQueue, onAudio }: SpeechStreamHandlers = {},
): Promise<SpokenAudioAnswer> {
  const answer = {
    schema: spokenAudioAnswerSchema,
    malformedMessage: TEXT_TO_SPEECH_MESSAGES.noAudioData,
  };
  return streamAnswer(API_PATHS.textToSpeech, body, signal, answer, (event, payload) => {
    if (event === SPEECH_STREAM_EVENTS.audio) {
      const parsed = speechPieceEventSchema.safeParse(payload);
      if (parsed.success) onAudio?.(parsed.data);
    } else if (event === SPEECH_STREAM_EVENTS.queue) {
      const parsed = queueEventSchema.safeParse(payload);
      if (parsed.success) onQueue?.(parsed.data);
    }
  });
}

function parseJson(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
}

function abortError(signal: AbortSignal | undefined): unknown {
  return signal?.reason ?? new DOMException('The request was stopped.', 'AbortError');
}
