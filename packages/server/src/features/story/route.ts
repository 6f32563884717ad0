import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  errorResponseSchemas,
  storyRequestSchema,
  storyResponseSchema,
  type StoryResponse,
} from '@ai-tools/contracts';
import { writeStory } from './service.ts';
import { draftReport } from '../../writers/drafting.ts';
import { LANGUAGE_PROFILES } from '../../writers/languages.ts';
import { countWords } from '../../writers/writing.ts';
import { answerWriter } from '../../writers/writer-context.ts';

export async function generateStoryRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    API_PATHS.generateStory,
    {
      schema: {
        body: storyRequestSchema,
        response: { 200: storyResponseSchema, ...errorResponseSchemas },
      },
    },
    async (request, reply) => {
      const input = request.body;
      return answerWriter(
        request,
        reply,
        'stroy-speech',
        async (context): Promise<StoryResponse> => {
          const draft = await writeStory(input, context);
          const wordCount = countWords(draft.text, LANGUAGE_PROFILES[input.language].locale);
          return { success: true, data: { story: draft.text, wordCount, ...draftReport(draft) } };
        },
      );
    },
  );
}

/** The tool's routes, registered by routes/index.ts for its descriptor (ADR 054). */
export default generateStoryRoutes;
