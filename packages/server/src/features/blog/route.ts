import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  blogRequestSchema,
  blogResponseSchema,
  type BlogResponse,
  BLOG_MESSAGES,
  errorResponseSchemas,
  WRITER_MESSAGES,
} from '@ai-tools/contracts';
import { writeBlog } from './service.ts';
import { draftReport } from '../../writers/drafting.ts';
import { answerWriter } from '../../writers/writer-context.ts';

export async function generateBlogRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    API_PATHS.generateBlog,
    {
      schema: {
        body: blogRequestSchema,
        response: { 200: blogResponseSchema, ...errorResponseSchemas },
      },
    },
    async (request, reply) => {
      const input = request.body;
      return answerWriter(request, reply, 'blog-text', async (context): Promise<BlogResponse> => {
        const draft = await writeBlog(input, context);
        const report = draftReport(draft);
        return {
          success: true,
          data: { content: draft.text, ...report },
          message: report.problems
            ? WRITER_MESSAGES.draftHasProblems(report.problems)
            : draft.cutOffAtTimeLimit
              ? WRITER_MESSAGES.cutOffAtTimeLimit
              : BLOG_MESSAGES.generated,
        };
      });
    },
  );
}

/** The tool's routes, registered by routes/index.ts for its descriptor (ADR 054). */
export default generateBlogRoutes;
