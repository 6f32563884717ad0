/** The product description writer's request and answer, validated by the server and typed for the web. */
import { z } from 'zod';
import { requiredText } from '../../schema-parts.ts';
import { SERVER_MESSAGES } from '../../messages.ts';
import { draftReportShape } from '../../draft-report.ts';
import { PRODUCT_AUDIENCES, PRODUCT_DESCRIPTION_LIMITS, PRODUCT_TONES } from './facts.ts';
import { PRODUCT_DESCRIPTION_MESSAGES } from './messages.ts';

export const productDescriptionRequestSchema = z.object(
  {
    productName: requiredText(
      PRODUCT_DESCRIPTION_MESSAGES.productNameRequired,
      PRODUCT_DESCRIPTION_LIMITS.productNameMaxLength,
      PRODUCT_DESCRIPTION_MESSAGES.productNameTooLong,
    ),
    audience: z.enum(PRODUCT_AUDIENCES, {
      error: SERVER_MESSAGES.fieldMustBeOneOf('audience', PRODUCT_AUDIENCES),
    }),
    tone: z.enum(PRODUCT_TONES, {
      error: SERVER_MESSAGES.fieldMustBeOneOf('tone', PRODUCT_TONES),
    }),
  },
  { error: SERVER_MESSAGES.bodyMustBeObject },
);
export type ProductDescriptionRequest = z.infer<typeof productDescriptionRequestSchema>;

/** The description in markdown (a title, a paragraph, three benefits and a closing line). */
export const productDescriptionResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    description: z.string(),
    wordCount: z.number(),
    ...draftReportShape,
  }),
});
export type ProductDescriptionResponse = z.infer<typeof productDescriptionResponseSchema>;
