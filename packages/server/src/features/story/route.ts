import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  storyRequestSchema,
  storyResponseSchema,
  type StoryResponse,
} from '@ai-tools/contracts';
import { writeStory } from './service.ts';
import { answerWriter } from '../../writers/writer-context.ts';

export async function generateStoryRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      API_PATHS.generateStory,
      { schema: { body: storyRequestSchema, response: { 200: storyResponseSchema } } },
      async (request, reply) => {
        const input = request.body;
        return answerWriter(request, reply, async (context): Promise<StoryResponse> => {
          const { story, wordCount } = await writeStory(input, context);
          return { success: true, data: { story, wordCount } };
        });
      },
    );
}
