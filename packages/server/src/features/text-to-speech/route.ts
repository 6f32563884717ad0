import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  errorResponseSchemas,
  FILE_EXTENSIONS,
  SPEECH_STREAM_EVENTS,
  streamedResultCarriesFile,
  textToSpeechRequestSchema,
  textToSpeechResponseSchema,
  type SpeechPieceEvent,
  type StreamedSpeechResult,
  type TextToSpeechResponse,
} from '@ai-tools/contracts';
import { textToSpeech, type TextToSpeechOptions, type TextToSpeechResult } from './service.ts';
import { abortSignalFor } from '../../http/abort-signal.ts';
import { acceptWeight } from '../../http/accept.ts';
import { answerEventStream, wantsEventStream } from '../../http/event-stream.ts';
import { JsonPieces, sendJsonPieces } from '../../http/json-pieces.ts';
import { visitorOf } from '../../visitor.ts';
import { voiceSampleRoutes } from './voice-samples-route.ts';

/**
 * The text-to-speech call (docs/product.md section 7). It answers the plain JSON; the audio itself
 * when the client asks for `audio/*`; or, with `Accept: text/event-stream`, each piece of the
 * speech as it is made and then the JSON (contracts/streaming.ts), so the page plays the start
 * while the rest is made.
 */
export async function textToSpeechRoutes(app: FastifyInstance) {
  await app.register(voiceSampleRoutes);
  app.withTypeProvider<ZodTypeProvider>().post(
    API_PATHS.textToSpeech,
    {
      schema: {
        body: textToSpeechRequestSchema,
        response: { 200: textToSpeechResponseSchema, ...errorResponseSchemas },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const speak = (
        options: Pick<TextToSpeechOptions, 'onPiece' | 'onQueuePosition' | 'makeFile'> = {},
      ) =>
        textToSpeech(
          input,
          {
            synthesizer: app.providers.speech,
            temporaryRoot: app.config.TEMP_DIR,
            maxSeconds: app.config.SPEECH_MAX_SECONDS,
          },
          { signal: abortSignalFor(request, reply), visitor: visitorOf(request.ip), ...options },
        );

      if (wantsEventStream(request.headers.accept)) {
        return answerEventStream(request, reply, async (send, drained) =>
          streamedResult(
            await speak({
              makeFile: streamedResultCarriesFile(input.outputFormat),
              onQueuePosition: (position) => send(SPEECH_STREAM_EVENTS.queue, position),
              // Pieces the client has not read yet hold the next one back (event-stream.ts).
              onPiece: ({ index, text, startSeconds, endSeconds, speech }) => {
                send(SPEECH_STREAM_EVENTS.audio, {
                  index,
                  text,
                  startSeconds,
                  endSeconds,
                  sampleRate: speech.sampleRate,
                  pcmBase64: speech.pcm.toString('base64'),
                } satisfies SpeechPieceEvent);
                return drained();
              },
            }),
          ),
        );
      }

      const { audio, ...result } = await speak();
      // Asked with makeFile left on, the result always has its file.
      if (!audio) throw new Error('The speech service made no file.');
      if (acceptsAudio(request.headers.accept, result.mediaType)) {
        return (
          reply
            .type(result.mediaType)
            .header(
              'content-disposition',
              `attachment; filename="generated_speech.${FILE_EXTENSIONS[result.format]}"`,
            )
            // Bytes, not the JSON the response schema describes: Fastify serializes objects only.
            .send(audio as never)
        );
      }
      return sendJsonPieces(reply, jsonAnswer(audio, result));
    },
  );
}

/**
 * The JSON answer, its audio's base64 made a piece at a time as it is written (json-pieces.ts):
 * the plain answer and the stream's `result` alike.
 */
function jsonAnswer(audio: Buffer, about: Omit<TextToSpeechResult, 'audio'>): JsonPieces {
  return JsonPieces.withBase64(audio, (slot): TextToSpeechResponse => ({
    success: true,
    data: { audioBase64: slot, ...about },
  }));
}

/** The stream's `result`: without a file for a WAV, whose pieces already carried it. */
function streamedResult({
  audio,
  ...about
}: TextToSpeechResult): JsonPieces | StreamedSpeechResult {
  return audio ? jsonAnswer(audio, about) : { success: true, data: about };
}

/**
 * Whether the client asks for the audio itself rather than the JSON: its Accept header names
 * `audio/*` or the format's media type, with a weight above any it gives JSON. `*\/*` alone, as
 * browsers send, keeps the JSON answer.
 */
export function acceptsAudio(accept: string | undefined, mediaType: string): boolean {
  const audioType = mediaType.split(';')[0]?.trim() ?? mediaType;
  const audioWeight = acceptWeight(accept, ['audio/*', audioType]);
  return (
    audioWeight > 0 && audioWeight > acceptWeight(accept, ['application/json', 'application/*'])
  );
}

/** The tool's routes, registered by routes/index.ts for its descriptor (ADR 054). */
export default textToSpeechRoutes;
