/**
 * Registers every route. Each route file validates with a contracts schema and makes one call
 * into a service.
 */
import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './health.ts';
import { textToSpeechRoutes } from './audio/text-to-speech.ts';
import { voiceSampleRoutes } from './audio/voice-samples.ts';
import { speechToTextRoutes } from './audio/speech-to-text.ts';
import { contactRoutes } from './contact/send-message.ts';
import { generateScriptRoutes } from './audio/generate-script.ts';
import { generateBlogRoutes } from './audio/generate-blog.ts';
import { generateStoryRoutes } from './audio/generate-story.ts';

export async function registerRoutes(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(textToSpeechRoutes);
  await app.register(voiceSampleRoutes);
  await app.register(speechToTextRoutes);
  await app.register(contactRoutes);
  await app.register(generateScriptRoutes);
  await app.register(generateBlogRoutes);
  await app.register(generateStoryRoutes);
}
