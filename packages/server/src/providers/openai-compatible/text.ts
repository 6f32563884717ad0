/**
 * Text generation through POST {base}/chat/completions with stream: true: the SDK reads the
 * answer's server-sent events as they arrive, so a long story streams instead of waiting.
 */
import { z } from 'zod';
import type { ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import type { TextGenerator } from '../types.ts';
import {
  clientFor,
  endpointStatus,
  malformedReply,
  startCall,
  type ApiEndpoint,
} from './endpoint.ts';

/**
 * What the adapter reads of a chat completion: a streamed chunk's delta, or a whole answer's
 * message from a server that ignores stream: true. The SDK only types what OpenAI sends, so a
 * compatible server's chunk is checked here; other fields are the server's business.
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
});
type ChatCompletionChunk = z.infer<typeof chatCompletionChunkSchema>;

export interface OpenAiTextOptions {
  /** Sends the request's GBNF grammar as the non-standard `grammar` field (OPENAI_TEXT_GRAMMAR). */
  sendGrammar?: boolean;
}

export function createOpenAiTextGenerator(
  endpoint: ApiEndpoint,
  { sendGrammar = false }: OpenAiTextOptions = {},
): TextGenerator {
  const client = clientFor(endpoint);
  return {
    status: () => endpointStatus(endpoint),
    close: async () => {},
    async *generate(request) {
      const call = startCall(endpoint, '/chat/completions', request.signal);
      try {
        // The SDK sends the body as given: a field OpenAI does not type reaches the server too.
        const body: ChatCompletionCreateParamsStreaming & { grammar?: string } = {
          model: endpoint.model,
          messages: [
            { role: 'system', content: request.system },
            { role: 'user', content: request.prompt },
          ],
          stream: true,
          // max_tokens rather than max_completion_tokens: every compatible server knows it.
          max_tokens: request.maxTokens,
          ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
          ...(sendGrammar && request.grammar ? { grammar: request.grammar } : {}),
        };
        const { data: stream, response } = await client.chat.completions
          .create(body, { signal: call.signal })
          .withResponse();
        if ((response.headers.get('content-type') ?? '').includes('application/json')) {
          // A server that ignores stream: true answers with one whole completion, which the SDK's
          // stream would read as no events at all.
          const completion = chunkOf(JSON.parse(await response.text()), endpoint);
          const content = completion.choices?.[0]?.message?.content;
          if (typeof content !== 'string') throw malformedReply(endpoint, 'an answer');
          yield content;
          return;
        }
        for await (const event of stream) {
          const content = chunkOf(event, endpoint).choices?.[0]?.delta?.content;
          if (typeof content === 'string' && content !== '') yield content;
        }
        // The SDK ends its stream quietly when the signal aborts; a stream cut by the deadline or
        // the visitor is not a whole answer.
        call.signal.throwIfAborted();
      } catch (error) {
        // The SDK's stream throws the JSON parser's own error for an event that is not JSON.
        if (error instanceof SyntaxError && !call.signal.aborted) {
          throw malformedReply(endpoint, 'an answer');
        }
        throw call.explain(error);
      }
    },
  };
}

function chunkOf(data: unknown, endpoint: ApiEndpoint): ChatCompletionChunk {
  const parsed = chatCompletionChunkSchema.safeParse(data);
  if (!parsed.success) throw malformedReply(endpoint, 'an answer');
  return parsed.data;
}
