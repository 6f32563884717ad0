import type { FastifyInstance } from 'fastify';
import {
  API_PATHS,
  blogRequestSchema,
  CLIENT_MESSAGES,
  type BlogResponse,
} from '@ai-tools/contracts';
import { writeBlog } from '../../services/blog.ts';
import { parseWith } from '../../plugins/validation.ts';
import { answerWriter } from '../writer-context.ts';

export async function generateBlogRoutes(app: FastifyInstance) {
  app.post(API_PATHS.generateBlog, async (request, reply) => {
    const input = parseWith(blogRequestSchema, request.body);
    return answerWriter(request, reply, async (context): Promise<BlogResponse> => {
      const content = await writeBlog(input, context);
      return { success: true, data: { content }, message: CLIENT_MESSAGES.blogGenerated };
    });
  });
}
