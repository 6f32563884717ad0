import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  blogRequestSchema,
  blogResponseSchema,
  type BlogResponse,
  BLOG_MESSAGES,
} from '@ai-tools/contracts';
import { writeBlog } from './service.ts';
import { answerWriter } from '../../writers/writer-context.ts';

export async function generateBlogRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      API_PATHS.generateBlog,
      { schema: { body: blogRequestSchema, response: { 200: blogResponseSchema } } },
      async (request, reply) => {
        const input = request.body;
        return answerWriter(request, reply, async (context): Promise<BlogResponse> => {
          const content = await writeBlog(input, context);
          return { success: true, data: { content }, message: BLOG_MESSAGES.generated };
        });
      },
    );
}
