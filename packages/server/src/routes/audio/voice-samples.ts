import type { FastifyInstance } from 'fastify';
import { API_PATHS, MEDIA_TYPES, voiceSampleParamsSchema } from '@ai-tools/contracts';
import { parseWith } from '../../plugins/validation.ts';
import { VoiceSamples } from '../../services/voice-samples.ts';

/** Made once per voice and kept for the server's life, so browsers may keep it for a day too. */
const CACHE_CONTROL = 'public, max-age=86400';

export async function voiceSampleRoutes(app: FastifyInstance) {
  const samples = new VoiceSamples({
    synthesizer: app.providers.speech,
    temporaryRoot: app.config.TEMP_DIR,
  });
  app.get(API_PATHS.voiceSample, async (request, reply) => {
    const { voice } = parseWith(voiceSampleParamsSchema, request.params);
    const sample = await samples.sample(voice);
    return reply.type(MEDIA_TYPES.mp3).header('cache-control', CACHE_CONTROL).send(sample);
  });
}
