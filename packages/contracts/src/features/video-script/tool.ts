/** The video script writer's descriptor (tool-descriptor.ts). */
import { toolPagePath, type ToolDescriptor } from '../../tool-descriptor.ts';
import { VIDEO_SCRIPT_MESSAGES } from './messages.ts';

const API_PATHS = { generateScript: '/api/audio/generate-script' } as const;

export const VIDEO_SCRIPT_TOOL = {
  folder: 'video-script',
  name: 'Video Script Generator',
  page: {
    path: toolPagePath('video-script'),
    title: 'Video Script Generator: free AI scripts for YouTube, Instagram and more | AI Tools',
    description:
      'Generate a video script for YouTube, Instagram, SnapChat or Facebook for free: choose a topic, a platform and a length, add your idea, and download the script.',
  },
  card: {
    id: 3,
    link: 'video-script',
    image: '/icons/video-script.svg',
    description:
      'Scripts for YouTube, Instagram, Facebook and Snapchat videos, timed to the length you choose.',
  },
  apiPaths: API_PATHS,
  rateLimit: {
    perMinute: 10,
    setting: 'RATE_LIMIT_VIDEO_SCRIPT',
    paths: [API_PATHS.generateScript],
  },
  queue: { capability: 'text', busyText: 'a video script being written' },
  limits: {},
  messages: VIDEO_SCRIPT_MESSAGES,
  // Its bare failure is the writers' shared WRITER_MESSAGES.failed.
  genericErrors: [],
} as const satisfies ToolDescriptor;
