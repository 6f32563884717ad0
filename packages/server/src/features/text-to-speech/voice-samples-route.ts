import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  errorResponseSchemas,
  MEDIA_TYPES,
  voiceSampleParamsSchema,
} from '@ai-tools/contracts';
import { VoiceSamples } from './voice-samples.ts';

/** Made once per voice and kept for the server's life, so browsers may keep it for a day too. */
const CACHE_CONTROL = 'public, max-age=86400';

export async function voiceSampleRoutes(app: FastifyInstance) {
  const samples = new VoiceSamples({
    synthesizer: app.providers.speech,
    temporaryRoot: app.config.TEMP_DIR,
  });
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      API_PATHS.voiceSample,
      { schema: { params: voiceSampleParamsSchema, response: errorResponseSchemas } },
      async (request, reply) => {
        const { voice } = request.params;
        const sample = await samples.sample(voice);
        return (
          reply
            .type(MEDIA_TYPES.mp3)
            .header('cache-control', CACHE_CONTROL)
            // Bytes, not the JSON the error schemas describe: Fastify serializes objects only.
            .send(sample as never)
        );
      },
    );
}
