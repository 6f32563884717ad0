import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  errorResponseSchemas,
  videoScriptRequestSchema,
  videoScriptResponseSchema,
  type VideoScriptResponse,
} from '@ai-tools/contracts';
import { writeVideoScript } from './service.ts';
import { draftReport } from '../../writers/drafting.ts';
import { answerWriter } from '../../writers/writer-context.ts';

export async function generateScriptRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    API_PATHS.generateScript,
    {
      schema: {
        body: videoScriptRequestSchema,
        response: { 200: videoScriptResponseSchema, ...errorResponseSchemas },
      },
    },
    async (request, reply) => {
      const input = request.body;
      return answerWriter(
        request,
        reply,
        'video-script',
        async (context): Promise<VideoScriptResponse> => {
          const draft = await writeVideoScript(input, context);
          return { success: true, data: { script: draft.text, ...draftReport(draft) } };
        },
      );
    },
  );
}

/** The tool's routes, registered by routes/index.ts for its descriptor (ADR 054). */
export default generateScriptRoutes;
