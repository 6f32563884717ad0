import type { FastifyInstance } from 'fastify';
import {
  API_PATHS,
  blogRequestSchema,
  CLIENT_MESSAGES,
  type BlogResponse,
} from '@ai-tools/contracts';
import { writeBlog } from '../../services/blog.ts';
import { parseWith } from '../../plugins/validation.ts';
import { writerContextFor } from '../writer-context.ts';

export async function generateBlogRoutes(app: FastifyInstance) {
  app.post(API_PATHS.generateBlog, async (request, reply): Promise<BlogResponse> => {
    const input = parseWith(blogRequestSchema, request.body);
    const content = await writeBlog(input, writerContextFor(request, reply));
    return { success: true, data: { content }, message: CLIENT_MESSAGES.blogGenerated };
  });
}
