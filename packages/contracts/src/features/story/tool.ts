/**
 * The story writer's descriptor (tool-descriptor.ts). The `stroy-speech` slug keeps its misspelling
 * because it is a public route (ADR 003).
 */
import { toolPagePath, type ToolDescriptor } from '../../tool-descriptor.ts';
import { STORY_LIMITS } from './facts.ts';
import { STORY_MESSAGES } from './messages.ts';

const API_PATHS = { generateStory: '/api/audio/generate-story' } as const;

export const STORY_TOOL = {
  folder: 'story',
  name: 'Story Generator',
  page: {
    path: toolPagePath('stroy-speech'),
    title: 'Story Generator: free AI stories in 27 languages | AI Tools',
    description:
      'Write an original story for free: choose the language, type, audience, theme, tone and length, or bring your own idea.',
  },
  card: {
    id: 5,
    link: 'stroy-speech',
    image: '/icons/stroy-speech.svg',
    description:
      'Original stories in 27 languages: choose the type, audience, tone, theme and length, or bring your own idea.',
  },
  apiPaths: API_PATHS,
  rateLimit: { perMinute: 10, setting: 'RATE_LIMIT_STORY', paths: [API_PATHS.generateStory] },
  queue: { capability: 'text', busyText: 'a story being written' },
  limits: STORY_LIMITS,
  messages: STORY_MESSAGES,
  // Its bare failure is the writers' shared WRITER_MESSAGES.failed.
  genericErrors: [],
} as const satisfies ToolDescriptor;
