import type { FastifyInstance } from 'fastify';
import { API_PATHS, type HealthResponse } from '@ai-tools/contracts';

/** Which engine serves each capability and whether it is ready (ARCHITECTURE: engines). */
export async function healthRoutes(app: FastifyInstance) {
  app.get(API_PATHS.health, async (): Promise<HealthResponse> => {
    const { text, speech, transcription } = app.providers;
    return {
      status: 'ok',
      engines: {
        speech: speech.status(),
        transcription: transcription.status(),
        text: text.status(),
      },
    };
  });
}
