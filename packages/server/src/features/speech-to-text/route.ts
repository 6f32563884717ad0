import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  speechToTextResponseSchema,
  type SpeechToTextResponse,
} from '@ai-tools/contracts';
import { receiveAudioUpload } from './audio-upload.ts';
import { speechToText } from './service.ts';
import { abortSignalFor } from '../../routes/abort-signal.ts';
import { visitorOf } from '../../visitor.ts';

export async function speechToTextRoutes(app: FastifyInstance) {
  // The body is multipart (the audio in the field `file`), read by receiveAudioUpload.
  app.withTypeProvider<ZodTypeProvider>().post(
    API_PATHS.speechToText,
    {
      schema: {
        consumes: ['multipart/form-data'],
        description:
          "Multipart form: the audio in the field 'file'; optional text fields 'language' (ISO 639-1, detected when left out) and 'task' ('transcribe', the default, or 'translate' to English) and 'words' ('true': each cue carries its words' times).",
        response: { 200: speechToTextResponseSchema },
      },
    },
    async (request, reply): Promise<SpeechToTextResponse> => {
      const upload = await receiveAudioUpload(request);
      const data = await speechToText(
        upload,
        { transcriber: app.providers.transcription, temporaryRoot: app.config.TEMP_DIR },
        { signal: abortSignalFor(request, reply), visitor: visitorOf(request.ip) },
      );
      return { success: true, data };
    },
  );
}
