/**
 * The writers' streamed answer (contracts/streaming.ts), read with eventsource-parser. Loaded on
 * first use through postWriter in api-client.ts.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import {
  errorEventSchema,
  EVENT_STREAM_MEDIA_TYPE,
  queueEventSchema,
  REQUEST_MESSAGES,
  textEventSchema,
  WRITER_STREAM_EVENTS,
} from '@ai-tools/contracts';
import {
  ApiRequestError,
  isAbort,
  openRequest,
  readJsonAnswer,
  type WriterStreamHandlers,
} from './api-client.ts';

/**
 * Posts a writer request asking for Server-Sent Events (contracts/streaming.ts) and resolves with
 * the final `result`: the same JSON the plain call answers. A server or proxy that answers plain
 * JSON instead is read as such. An HTTP error or an `error` event rejects with an ApiRequestError
 * carrying the server's message. Aborting the signal closes the connection, which ends the
 * generation on the server.
 */
export async function streamWriter<T>(
  path: string,
  body: unknown,
  { signal, onQueue, onText }: WriterStreamHandlers = {},
): Promise<T> {
  const response = await openRequest(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: EVENT_STREAM_MEDIA_TYPE },
    body: JSON.stringify(body),
    signal,
  });
  const contentType = response.headers.get('content-type') ?? '';
  if (!response.ok || !contentType.startsWith(EVENT_STREAM_MEDIA_TYPE) || !response.body) {
    return readJsonAnswer<T>(response);
  }

  let outcome: { result: T } | { error: ApiRequestError } | undefined;
  const handle = ({ event, data }: EventSourceMessage) => {
    if (outcome) return;
    const payload = parseJson(data);
    if (event === WRITER_STREAM_EVENTS.text) {
      const parsed = textEventSchema.safeParse(payload);
      if (parsed.success) onText?.(parsed.data.text);
    } else if (event === WRITER_STREAM_EVENTS.queue) {
      const parsed = queueEventSchema.safeParse(payload);
      if (parsed.success) onQueue?.(parsed.data);
    } else if (event === WRITER_STREAM_EVENTS.result) {
      outcome =
        payload === undefined
          ? { error: new ApiRequestError(REQUEST_MESSAGES.answerCutOff, response.status) }
          : { result: payload as T };
    } else if (event === WRITER_STREAM_EVENTS.error) {
      const parsed = errorEventSchema.safeParse(payload);
      outcome = {
        error: parsed.success
          ? new ApiRequestError(
              REQUEST_MESSAGES.serverAnswered(parsed.data.status),
              parsed.data.status,
              parsed.data.message,
            )
          : new ApiRequestError(REQUEST_MESSAGES.answerCutOff, response.status),
      };
    }
    // Other events are a newer server's additions: this page has no use for them.
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
  return outcome.result;
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
