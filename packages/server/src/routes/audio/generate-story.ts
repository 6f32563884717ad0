import type { FastifyInstance } from 'fastify';
import { API_PATHS, storyRequestSchema, type StoryResponse } from '@ai-tools/contracts';
import { writeStory } from '../../services/story.ts';
import { parseWith } from '../../plugins/validation.ts';
import { writerContextFor } from '../writer-context.ts';

export async function generateStoryRoutes(app: FastifyInstance) {
  app.post(API_PATHS.generateStory, async (request, reply): Promise<StoryResponse> => {
    const input = parseWith(storyRequestSchema, request.body);
    const { story, wordCount } = await writeStory(input, writerContextFor(request, reply));
    return { success: true, data: { story, wordCount } };
  });
}
