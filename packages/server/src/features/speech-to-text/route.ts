import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  errorResponseSchemas,
  speechToTextJobPath,
  speechToTextResponseSchema,
  transcriptionJobParamsSchema,
  transcriptionJobResponseSchema,
  type SpeechToTextResponse,
  type TranscriptionJobResponse,
} from '@ai-tools/contracts';
import { receiveAudioUpload } from './audio-upload.ts';
import { speechToText } from './service.ts';
import { abortSignalFor } from '../../http/abort-signal.ts';
import { visitorOf } from '../../visitor.ts';

const FORM_FIELDS =
  "Multipart form: the audio in the field 'file'; optional text fields 'language' (ISO 639-1, detected when left out) and 'task' ('transcribe', the default, or 'translate' to English) and 'words' ('true': each cue carries its words' times).";

export async function speechToTextRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // The body is multipart (the audio in the field `file`), read by receiveAudioUpload.
  routes.post(
    API_PATHS.speechToText,
    {
      schema: {
        consumes: ['multipart/form-data'],
        description: FORM_FIELDS,
        response: { 200: speechToTextResponseSchema, ...errorResponseSchemas },
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

  routes.post(
    API_PATHS.speechToTextJobs,
    {
      schema: {
        consumes: ['multipart/form-data'],
        description: `A long recording (up to LONG_AUDIO_MAX_SECONDS and LONG_UPLOAD_MAX_BYTES) transcribed as a background job: answered 202 with the job's id as soon as the upload is saved and checked. ${FORM_FIELDS}`,
        response: { 202: transcriptionJobResponseSchema, ...errorResponseSchemas },
      },
    },
    async (request, reply): Promise<TranscriptionJobResponse> => {
      const upload = await receiveAudioUpload(request, app.transcriptionJobs.uploadLimit);
      const data = await app.transcriptionJobs.create(upload, {
        visitor: visitorOf(request.ip),
        signal: abortSignalFor(request, reply),
      });
      reply.code(202).header('location', speechToTextJobPath(data.jobId));
      return { success: true, data };
    },
  );

  routes.get(
    API_PATHS.speechToTextJob,
    {
      schema: {
        description:
          "A transcription job's state: its place in line, its progress, the text so far, and its result once done. Only the visitor who made it may read it.",
        params: transcriptionJobParamsSchema,
        response: { 200: transcriptionJobResponseSchema, ...errorResponseSchemas },
      },
    },
    async (request): Promise<TranscriptionJobResponse> => ({
      success: true,
      data: app.transcriptionJobs.get(request.params.jobId, visitorOf(request.ip)),
    }),
  );

  routes.delete(
    API_PATHS.speechToTextJob,
    {
      schema: {
        description:
          'Cancels a transcription job that is still at work, or deletes a finished one’s result; its text is deleted either way.',
        params: transcriptionJobParamsSchema,
        response: { 200: transcriptionJobResponseSchema, ...errorResponseSchemas },
      },
    },
    async (request): Promise<TranscriptionJobResponse> => ({
      success: true,
      data: app.transcriptionJobs.cancel(request.params.jobId, visitorOf(request.ip)),
    }),
  );
}

/** The tool's routes, registered by routes/index.ts for its descriptor (ADR 054). */
export default speechToTextRoutes;
