/**
 * Registers every route. Each route declares its contracts schemas (validated by the zod type
 * provider, described at /api/docs) and makes one call into a service.
 */
import type { FastifyInstance } from 'fastify';
import { registerApiDocs } from './api-docs.ts';
import { healthRoutes } from './health.ts';
import { siteRoutes } from './site.ts';
import { textToSpeechRoutes } from '../features/text-to-speech/route.ts';
import { voiceSampleRoutes } from '../features/text-to-speech/voice-samples-route.ts';
import { speechToTextRoutes } from '../features/speech-to-text/route.ts';
import { contactRoutes } from '../features/contact/route.ts';
import { generateScriptRoutes } from '../features/video-script/route.ts';
import { generateBlogRoutes } from '../features/blog/route.ts';
import { generateStoryRoutes } from '../features/story/route.ts';

export async function registerRoutes(app: FastifyInstance) {
  await registerApiDocs(app);
  await app.register(healthRoutes);
  await app.register(siteRoutes);
  await app.register(textToSpeechRoutes);
  await app.register(voiceSampleRoutes);
  await app.register(speechToTextRoutes);
  await app.register(contactRoutes);
  await app.register(generateScriptRoutes);
  await app.register(generateBlogRoutes);
  await app.register(generateStoryRoutes);
}
