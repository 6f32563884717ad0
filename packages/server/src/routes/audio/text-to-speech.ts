import type { FastifyInstance } from 'fastify';
import {
  API_PATHS,
  FILE_EXTENSIONS,
  textToSpeechRequestSchema,
  type TextToSpeechResponse,
} from '@ai-tools/contracts';
import { parseWith } from '../../plugins/validation.ts';
import { textToSpeech } from '../../services/text-to-speech.ts';
import { abortSignalFor } from '../abort-signal.ts';
import { acceptWeight } from '../accept.ts';

export async function textToSpeechRoutes(app: FastifyInstance) {
  app.post(API_PATHS.textToSpeech, async (request, reply) => {
    const input = parseWith(textToSpeechRequestSchema, request.body);
    const { audio, ...about } = await textToSpeech(
      input,
      {
        synthesizer: app.providers.speech,
        temporaryRoot: app.config.TEMP_DIR,
        maxSeconds: app.config.SPEECH_MAX_SECONDS,
      },
      { signal: abortSignalFor(request, reply), visitor: request.ip },
    );
    if (acceptsAudio(request.headers.accept, about.mediaType)) {
      return reply
        .type(about.mediaType)
        .header(
          'content-disposition',
          `attachment; filename="generated_speech.${FILE_EXTENSIONS[about.format]}"`,
        )
        .send(audio);
    }
    const answer: TextToSpeechResponse = {
      success: true,
      data: { audioBase64: audio.toString('base64'), ...about },
    };
    return answer;
  });
}

/**
 * Whether the client asks for the audio itself rather than SPEC's JSON: its Accept header names
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
