import type { FastifyInstance } from 'fastify';
import {
  API_PATHS,
  textToSpeechRequestSchema,
  type TextToSpeechResponse,
} from '@ai-tools/contracts';
import { parseWith } from '../../plugins/validation.ts';
import { textToSpeech } from '../../services/text-to-speech.ts';
import { abortSignalFor } from '../abort-signal.ts';

export async function textToSpeechRoutes(app: FastifyInstance) {
  app.post(API_PATHS.textToSpeech, async (request, reply): Promise<TextToSpeechResponse> => {
    const input = parseWith(textToSpeechRequestSchema, request.body);
    const data = await textToSpeech(
      input,
      { synthesizer: app.providers.speech, temporaryRoot: app.config.TEMP_DIR },
      abortSignalFor(request, reply),
    );
    return { success: true, data };
  });
}
