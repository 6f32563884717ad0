import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponseSchemas,
  PRODUCT_DESCRIPTION_TOOL,
  productDescriptionRequestSchema,
  productDescriptionResponseSchema,
  type ProductDescriptionResponse,
} from '@ai-tools/contracts';
import { writeProductDescription } from './service.ts';
import { draftReport } from '../../writers/drafting.ts';
import { countWords } from '../../writers/writing.ts';
import { answerWriter } from '../../writers/writer-context.ts';

/** The product description call: plain JSON, or streamed when asked (writers/writer-context.ts). */
export default async function productDescriptionRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    PRODUCT_DESCRIPTION_TOOL.apiPaths.generateProductDescription,
    {
      schema: {
        body: productDescriptionRequestSchema,
        response: { 200: productDescriptionResponseSchema, ...errorResponseSchemas },
      },
    },
    async (request, reply) => {
      const input = request.body;
      return answerWriter(
        request,
        reply,
        PRODUCT_DESCRIPTION_TOOL.card.link,
        async (context): Promise<ProductDescriptionResponse> => {
          const draft = await writeProductDescription(input, context);
          return {
            success: true,
            data: {
              description: draft.text,
              wordCount: countWords(draft.text),
              ...draftReport(draft),
            },
          };
        },
      );
    },
  );
}
