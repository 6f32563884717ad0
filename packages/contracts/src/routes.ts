import { AI_TOOLS_PATH, toolPagePath } from './tool-descriptor.ts';
import { TOOL_DESCRIPTORS } from './tool-list.ts';
import type { ToolLink } from './tools.ts';
import { TEXT_TO_SPEECH_TOOL } from './features/text-to-speech/tool.ts';
import { SPEECH_TO_TEXT_TOOL } from './features/speech-to-text/tool.ts';
import { VIDEO_SCRIPT_TOOL } from './features/video-script/tool.ts';
import { BLOG_TOOL } from './features/blog/tool.ts';
import { STORY_TOOL } from './features/story/tool.ts';
import { CONTACT_TOOL } from './features/contact/tool.ts';

/**
 * The browser routes of docs/product.md section 2 by name; each tool's page path is in its
 * descriptor, and ROUTE_PATHS has every tool's.
 */
export const ROUTES = {
  home: '/',
  homeAlias: '/home',
  aiTools: AI_TOOLS_PATH,
  textToSpeech: TEXT_TO_SPEECH_TOOL.page.path,
  speechToText: SPEECH_TO_TEXT_TOOL.page.path,
  videoScript: VIDEO_SCRIPT_TOOL.page.path,
  blog: BLOG_TOOL.page.path,
  story: STORY_TOOL.page.path,
  about: '/about',
  contact: CONTACT_TOOL.page.path,
  faqs: '/faqs',
  privacyPolicy: '/privacy__policy',
} as const;

/** Every page of the site: the named ones and every tool's. */
export const ROUTE_PATHS: readonly string[] = [
  ...new Set<string>([...Object.values(ROUTES), ...TOOL_DESCRIPTORS.map((tool) => tool.page.path)]),
];

export function toolPath(link: ToolLink): string {
  return toolPagePath(link);
}

/**
 * The calls of docs/product.md section 7 by name (each tool's are in its descriptor's apiPaths):
 * the pages' calls, the voice samples, the long recordings' jobs, health, the site's details and
 * docs.
 */
export const API_PATHS = {
  ...CONTACT_TOOL.apiPaths,
  ...TEXT_TO_SPEECH_TOOL.apiPaths,
  ...SPEECH_TO_TEXT_TOOL.apiPaths,
  ...VIDEO_SCRIPT_TOOL.apiPaths,
  ...BLOG_TOOL.apiPaths,
  ...STORY_TOOL.apiPaths,
  health: '/api/health',
  /** The operator's contact details (README: Configuration), shown in the footer and on /contact. */
  site: '/api/site',
  /** The API's OpenAPI 3 description, generated from the routes' schemas. */
  docs: '/api/docs',
} as const;

/** The address of one voice's spoken sample (API_PATHS.voiceSample). */
export function voiceSamplePath(voice: string): string {
  return API_PATHS.voiceSample.replace(':voice', encodeURIComponent(voice));
}

/** The address of one transcription job (API_PATHS.speechToTextJob). */
export function speechToTextJobPath(jobId: string): string {
  return API_PATHS.speechToTextJob.replace(':jobId', encodeURIComponent(jobId));
}
