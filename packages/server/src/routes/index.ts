/**
 * Registers every route. Each route declares its contracts schemas (validated by the zod type
 * provider, described at /api/docs) and makes one call into a service.
 */
import type { FastifyInstance } from 'fastify';
import { registerApiDocs } from './api-docs.ts';
import { healthRoutes } from './health.ts';
import { textToSpeechRoutes } from './audio/text-to-speech.ts';
import { voiceSampleRoutes } from './audio/voice-samples.ts';
import { speechToTextRoutes } from './audio/speech-to-text.ts';
import { contactRoutes } from './contact/send-message.ts';
import { generateScriptRoutes } from './audio/generate-script.ts';
import { generateBlogRoutes } from './audio/generate-blog.ts';
import { generateStoryRoutes } from './audio/generate-story.ts';

export async function registerRoutes(app: FastifyInstance) {
  await registerApiDocs(app);
  await app.register(healthRoutes);
  await app.register(textToSpeechRoutes);
  await app.register(voiceSampleRoutes);
  await app.register(speechToTextRoutes);
  await app.register(contactRoutes);
  await app.register(generateScriptRoutes);
  await app.register(generateBlogRoutes);
  await app.register(generateStoryRoutes);
}
