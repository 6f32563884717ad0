import type { FastifyInstance } from 'fastify';
import { API_PATHS, type SpeechToTextResponse } from '@ai-tools/contracts';
import { receiveAudioUpload } from '../../plugins/audio-upload.ts';
import { speechToText } from '../../services/speech-to-text.ts';
import { abortSignalFor } from '../abort-signal.ts';

export async function speechToTextRoutes(app: FastifyInstance) {
  app.post(API_PATHS.speechToText, async (request, reply): Promise<SpeechToTextResponse> => {
    const upload = await receiveAudioUpload(request);
    const data = await speechToText(
      upload,
      { transcriber: app.providers.transcription, temporaryRoot: app.config.TEMP_DIR },
      { signal: abortSignalFor(request, reply), visitor: request.ip },
    );
    return { success: true, data };
  });
}
