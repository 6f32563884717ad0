/** The blog writer's descriptor (tool-descriptor.ts). */
import { toolPagePath, type ToolDescriptor } from '../../tool-descriptor.ts';
import { BLOG_LIMITS } from './facts.ts';
import { BLOG_MESSAGES } from './messages.ts';

const API_PATHS = { generateBlog: '/api/audio/generate-blog' } as const;

export const BLOG_TOOL = {
  folder: 'blog',
  name: 'Blog Generator',
  page: {
    path: toolPagePath('blog-text'),
    title: 'Blog Generator: free SEO blog posts with AI | AI Tools',
    description:
      'Write an SEO-friendly blog post from one topic for free: a title, headings, bullet points, a meta description and a conclusion, ready to copy.',
  },
  card: {
    id: 4,
    link: 'blog-text',
    image: '/icons/blog-text.svg',
    description:
      'SEO-friendly blog posts with headings, bullet points and a meta description, from a single topic.',
  },
  apiPaths: API_PATHS,
  rateLimit: { perMinute: 10, setting: 'RATE_LIMIT_BLOG', paths: [API_PATHS.generateBlog] },
  queue: { capability: 'text', busyText: 'a blog post being written' },
  limits: BLOG_LIMITS,
  messages: BLOG_MESSAGES,
  genericErrors: [
    BLOG_MESSAGES.serverError,
    BLOG_MESSAGES.failed,
    BLOG_MESSAGES.somethingWentWrong,
  ],
} as const satisfies ToolDescriptor;
