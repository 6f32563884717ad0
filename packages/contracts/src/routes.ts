import type { ToolLink } from './tools.ts';

/** The browser routes of docs/product.md section 2. */
export const ROUTES = {
  home: '/',
  homeAlias: '/home',
  aiTools: '/AI-tools',
  textToSpeech: '/AI-tools/text-to-speech',
  speechToText: '/AI-tools/speech-to-text',
  videoScript: '/AI-tools/video-script',
  blog: '/AI-tools/blog-text',
  story: '/AI-tools/stroy-speech',
  about: '/about',
  contact: '/contact',
  faqs: '/faqs',
  privacyPolicy: '/privacy__policy',
} as const;

export type RoutePath = (typeof ROUTES)[keyof typeof ROUTES];
export const ROUTE_PATHS = Object.values(ROUTES) as RoutePath[];

export function toolPath(link: ToolLink): string {
  return `${ROUTES.aiTools}/${link}`;
}

/**
 * The calls of docs/product.md section 7: the pages' six, the voice samples, the long recordings'
 * jobs, health, the site's details and docs.
 */
export const API_PATHS = {
  sendMessage: '/api/contact/send_message',
  textToSpeech: '/api/audio/text-to-speech',
  speechToText: '/api/audio/speech_to_text',
  generateScript: '/api/audio/generate-script',
  generateBlog: '/api/audio/generate-blog',
  generateStory: '/api/audio/generate-story',
  /** A long recording as a background job: POST the upload, answered 202 with the job's id. */
  speechToTextJobs: '/api/audio/speech_to_text/jobs',
  /** One job: GET its progress and result, DELETE to cancel it and delete its text. */
  speechToTextJob: '/api/audio/speech_to_text/jobs/:jobId',
  /** A short spoken sample of one voice (audio/mpeg), made once per voice and kept. */
  voiceSample: '/api/audio/voice_samples/:voice',
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
