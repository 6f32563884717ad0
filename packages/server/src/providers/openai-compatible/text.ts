/**
 * Text generation through POST {base}/chat/completions with stream: true: the answer's deltas are
 * read from the server-sent events as they arrive, so a long story streams instead of waiting.
 */
import type { TextGenerator } from '../types.ts';
import { callApi, endpointStatus, malformedReply, type ApiEndpoint } from './endpoint.ts';

interface ChatCompletionChunk {
  choices?: { delta?: { content?: unknown }; message?: { content?: unknown } }[];
  error?: unknown;
}

export function createOpenAiTextGenerator(endpoint: ApiEndpoint): TextGenerator {
  return {
    status: () => endpointStatus(endpoint),
    close: async () => {},
    async *generate(request) {
      const call = await callApi(
        endpoint,
        '/chat/completions',
        {
          json: true,
          accept: 'text/event-stream',
          body: JSON.stringify({
            model: endpoint.model,
            messages: [
              { role: 'system', content: request.system },
              { role: 'user', content: request.prompt },
            ],
            stream: true,
            // max_tokens rather than max_completion_tokens: every compatible server knows it.
            max_tokens: request.maxTokens,
            ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
          }),
        },
        request.signal,
      );
      try {
        const contentType = call.response.headers.get('content-type') ?? '';
        if (contentType.includes('application/json')) {
          // A server that ignores stream: true answers with one whole completion.
          const chunk = parseChunk(await call.response.text(), endpoint);
          const content = chunk.choices?.[0]?.message?.content;
          if (typeof content !== 'string') throw malformedReply(endpoint, 'an answer');
          yield content;
          return;
        }
        if (!call.response.body) throw malformedReply(endpoint, 'an empty answer');
        for await (const data of serverSentEvents(call.response.body)) {
          if (data === '[DONE]') return;
          const chunk = parseChunk(data, endpoint);
          if (chunk.error !== undefined) throw malformedReply(endpoint, 'an error in its answer');
          const content = chunk.choices?.[0]?.delta?.content;
          if (typeof content === 'string' && content !== '') yield content;
        }
      } catch (error) {
        throw call.explain(error);
      } finally {
        call.finish();
      }
    },
  };
}

function parseChunk(data: string, endpoint: ApiEndpoint): ChatCompletionChunk {
  try {
    const parsed: unknown = JSON.parse(data);
    if (parsed && typeof parsed === 'object') return parsed;
  } catch {
    // Falls through to the malformed-reply error.
  }
  throw malformedReply(endpoint, 'an answer');
}

/** The data of each event of a text/event-stream body (comments and other fields skipped). */
async function* serverSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  const lines = function* (final: boolean) {
    const parts = buffer.split('\n');
    buffer = final ? '' : (parts.pop() ?? '');
    for (const part of parts) yield part.endsWith('\r') ? part.slice(0, -1) : part;
  };
  const take = function* (final: boolean) {
    for (const line of lines(final)) {
      if (line === '') {
        if (data.length > 0) yield data.join('\n');
        data = [];
      } else if (line.startsWith('data:')) {
        data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      }
    }
  };
  for await (const bytes of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(bytes, { stream: true });
    yield* take(false);
  }
  buffer += decoder.decode();
  yield* take(true);
  if (data.length > 0) yield data.join('\n');
}
