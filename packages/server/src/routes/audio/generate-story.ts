import type { FastifyInstance } from 'fastify';
import { API_PATHS, storyRequestSchema, type StoryResponse } from '@ai-tools/contracts';
import { writeStory } from '../../services/story.ts';
import { parseWith } from '../../plugins/validation.ts';
import { answerWriter } from '../writer-context.ts';

export async function generateStoryRoutes(app: FastifyInstance) {
  app.post(API_PATHS.generateStory, async (request, reply) => {
    const input = parseWith(storyRequestSchema, request.body);
    return answerWriter(request, reply, async (context): Promise<StoryResponse> => {
      const { story, wordCount } = await writeStory(input, context);
      return { success: true, data: { story, wordCount } };
    });
  });
}
