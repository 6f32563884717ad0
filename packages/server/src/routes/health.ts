import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  errorResponseSchemas,
  healthResponseSchema,
  type HealthResponse,
} from '@ai-tools/contracts';

/**
 * Which engine serves each capability and whether it is ready (each tool page shows it,
 * docs/product.md section 2).
 */
export async function healthRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      API_PATHS.health,
      { schema: { response: { 200: healthResponseSchema, ...errorResponseSchemas } } },
      async (): Promise<HealthResponse> => {
        const { text, speech, transcription } = app.providers;
        return {
          status: 'ok',
          engines: {
            speech: speech.status(),
            transcription: transcription.status(),
            text: text.status(),
          },
        };
      },
    );
}
