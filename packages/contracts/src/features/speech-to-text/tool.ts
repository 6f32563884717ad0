/** The speech-to-text tool's descriptor (tool-descriptor.ts). */
import { toolPagePath, type ToolDescriptor } from '../../tool-descriptor.ts';
import { SPEECH_TO_TEXT_LIMITS } from './facts.ts';
import { SPEECH_TO_TEXT_MESSAGES } from './messages.ts';

const API_PATHS = {
  speechToText: '/api/audio/speech_to_text',
  /** A long recording as a background job: POST the upload, answered 202 with the job's id. */
  speechToTextJobs: '/api/audio/speech_to_text/jobs',
  /** One job: GET its progress and result, DELETE to cancel it and delete its text. */
  speechToTextJob: '/api/audio/speech_to_text/jobs/:jobId',
} as const;

export const SPEECH_TO_TEXT_TOOL = {
  folder: 'speech-to-text',
  name: 'Speech to Text',
  page: {
    path: toolPagePath('speech-to-text'),
    title: 'Speech to Text: free AI subtitles from audio | AI Tools',
    description:
      'Upload an audio file and get its transcript as subtitles for free: read it, copy it, or download it as text, SRT or WebVTT.',
  },
  card: {
    id: 2,
    link: 'speech-to-text',
    image: '/icons/speech-to-text.svg',
    description:
      'Upload an audio file and get its transcript as subtitles you can read, copy and download.',
  },
  apiPaths: API_PATHS,
  rateLimit: {
    perMinute: 10,
    setting: 'RATE_LIMIT_SPEECH_TO_TEXT',
    // A job's creation only: reading its progress is a few bytes, asked every few seconds.
    paths: [API_PATHS.speechToText, API_PATHS.speechToTextJobs],
  },
  queue: { capability: 'transcription', busyText: 'an audio file being transcribed' },
  limits: SPEECH_TO_TEXT_LIMITS,
  messages: SPEECH_TO_TEXT_MESSAGES,
  genericErrors: [SPEECH_TO_TEXT_MESSAGES.failed],
} as const satisfies ToolDescriptor;
