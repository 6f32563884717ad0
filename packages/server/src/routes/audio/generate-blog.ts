import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  blogRequestSchema,
  blogResponseSchema,
  CLIENT_MESSAGES,
  type BlogResponse,
} from '@ai-tools/contracts';
import { writeBlog } from '../../services/blog.ts';
import { answerWriter } from '../writer-context.ts';

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
          return { success: true, data: { content }, message: CLIENT_MESSAGES.blogGenerated };
        });
      },
    );
}
