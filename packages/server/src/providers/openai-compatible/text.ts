/**
 * Text generation through POST {base}/chat/completions with stream: true: the answer's deltas are
 * read from the server-sent events as they arrive, so a long story streams instead of waiting.
 */
import { EventSourceParserStream } from 'eventsource-parser/stream';
import { z } from 'zod';
import type { TextGenerator } from '../types.ts';
import { callApi, endpointStatus, malformedReply, type ApiEndpoint } from './endpoint.ts';

/**
 * What the adapter reads of a chat completion: a streamed chunk's delta, or a whole answer's
 * message from a server that ignores stream: true. Other fields are the server's business.
 */
const chatCompletionChunkSchema = z.looseObject({
  choices: z
    .array(
      z.looseObject({
        delta: z.looseObject({ content: z.string().nullish() }).optional(),
        message: z.looseObject({ content: z.string().nullish() }).optional(),
      }),
    )
    .optional(),
  error: z.unknown().optional(),
});
type ChatCompletionChunk = z.infer<typeof chatCompletionChunkSchema>;

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
    const parsed = chatCompletionChunkSchema.safeParse(JSON.parse(data));
    if (parsed.success) return parsed.data;
  } catch {
    // Falls through to the malformed-reply error.
  }
  throw malformedReply(endpoint, 'an answer');
}

/** The data of each event of a text/event-stream body, read by eventsource-parser. */
async function* serverSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const events = body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream());
  for await (const event of events as unknown as AsyncIterable<{ data: string }>) {
    yield event.data;
  }
}
