/** The text-to-speech tool's descriptor (tool-descriptor.ts). */
import { toolPagePath, type ToolDescriptor } from '../../tool-descriptor.ts';
import { TEXT_TO_SPEECH_LIMITS } from './facts.ts';
import { TEXT_TO_SPEECH_MESSAGES } from './messages.ts';

const API_PATHS = {
  textToSpeech: '/api/audio/text-to-speech',
  /** A short spoken sample of one voice (audio/mpeg), made once per voice and kept. */
  voiceSample: '/api/audio/voice_samples/:voice',
} as const;

export const TEXT_TO_SPEECH_TOOL = {
  folder: 'text-to-speech',
  name: 'Text to Speech',
  page: {
    path: toolPagePath('text-to-speech'),
    title: 'Text to Speech: free AI voice generator | AI Tools',
    description:
      'Turn text into natural speech for free. Choose a voice, a speed and MP3, Opus, AAC, FLAC or WAV, then play or download the audio.',
  },
  card: {
    id: 1,
    link: 'text-to-speech',
    image: '/icons/text-to-speech.svg',
    description:
      'Turn any text into natural speech. Pick a voice, a speed and a format, then play or download the audio.',
  },
  apiPaths: API_PATHS,
  rateLimit: {
    perMinute: 20,
    setting: 'RATE_LIMIT_TEXT_TO_SPEECH',
    paths: [API_PATHS.textToSpeech],
  },
  queue: { capability: 'speech', busyText: 'speech being made' },
  limits: TEXT_TO_SPEECH_LIMITS,
  messages: TEXT_TO_SPEECH_MESSAGES,
  genericErrors: [TEXT_TO_SPEECH_MESSAGES.failed, TEXT_TO_SPEECH_MESSAGES.noAudioData],
} as const satisfies ToolDescriptor;
