/**
 * Everything the product description writer says beyond the writers' shared messages. Plain values,
 * free of zod, so the website's first load may use them.
 */
import { PRODUCT_DESCRIPTION_LIMITS } from './facts.ts';

export const PRODUCT_DESCRIPTION_MESSAGES = {
  productNameRequired: 'productName is required.',
  productNameTooLong: `productName must be at most ${PRODUCT_DESCRIPTION_LIMITS.productNameMaxLength} characters.`,
  productNameLabel: 'Product Name',
  productNamePlaceholder: 'Trail running shoes with a recycled sole',
  audienceLabel: 'Audience',
  toneLabel: 'Tone',
  generate: 'Generate Description',
  writing: 'Writing your product description…',
  resultTitle: 'Your Product Description',
  ready: 'Your product description is ready below.',
  generated: 'Product description generated successfully!',
} as const;
