/** The product description writer's descriptor (tool-descriptor.ts). */
import { toolPagePath, type ToolDescriptor } from '../../tool-descriptor.ts';
import { PRODUCT_DESCRIPTION_LIMITS } from './facts.ts';
import { PRODUCT_DESCRIPTION_MESSAGES } from './messages.ts';

const API_PATHS = {
  generateProductDescription: '/api/audio/generate-product-description',
} as const;

export const PRODUCT_DESCRIPTION_TOOL = {
  folder: 'product-description',
  name: 'Product Description Writer',
  page: {
    path: toolPagePath('product-description'),
    title: 'Product Description Writer: free AI product copy | AI Tools',
    description:
      'Write a 120 to 200 word product description for free: name the product, choose the audience and the tone, and copy the markdown.',
  },
  card: {
    id: 6,
    link: 'product-description',
    image: '/icons/product-description.svg',
    description:
      'Product descriptions of 120 to 200 words, with a headline and three benefits, for the audience and tone you choose.',
  },
  apiPaths: API_PATHS,
  rateLimit: {
    perMinute: 10,
    setting: 'RATE_LIMIT_PRODUCT_DESCRIPTION',
    paths: [API_PATHS.generateProductDescription],
  },
  queue: { capability: 'text', busyText: 'a product description being written' },
  limits: PRODUCT_DESCRIPTION_LIMITS,
  messages: PRODUCT_DESCRIPTION_MESSAGES,
  // Its bare failure is the writers' shared WRITER_MESSAGES.failed.
  genericErrors: [],
} as const satisfies ToolDescriptor;
