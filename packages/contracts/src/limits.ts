/**
 * Limits and timings that web and server both honour (docs/product.md section 9). A tool's own
 * limits live in its contract module and are gathered here.
 */
import { BLOG_LIMITS } from './features/blog/facts.ts';
import { CONTACT_LIMITS } from './features/contact/facts.ts';
import { SPEECH_TO_TEXT_LIMITS } from './features/speech-to-text/facts.ts';
import { TEXT_TO_SPEECH_LIMITS } from './features/text-to-speech/facts.ts';
import { ADDITIONAL_INFO_MAX_LENGTH } from './writer-facts.ts';
import { STORY_LIMITS } from './features/story/facts.ts';

export const LIMITS = {
  ...TEXT_TO_SPEECH_LIMITS,
  ...SPEECH_TO_TEXT_LIMITS,
  ...CONTACT_LIMITS,
  ...BLOG_LIMITS,
  ...STORY_LIMITS,
  additionalInfoMaxLength: ADDITIONAL_INFO_MAX_LENGTH,
  /** A JSON request body, in bytes: room for the longest text even when every character is escaped. */
  jsonBodyMaxBytes: 64 * 1024,
} as const;

export const TIMINGS = {
  contactSuccessClearMs: 3000,
  /** The empty-text note, the add-file hint and the copied indicator. */
  noticeMs: 2000,
  faqCollapseMs: 350,
  videoModalAnimationMs: 300,
  stickyNavbarScrollPx: 50,
  /** How often the page asks a long recording's transcription job how far it is. */
  transcriptionJobPollMs: 2000,
} as const;

/**
 * Requests per minute per IP address, per tool (the privacy text: the IP address is used for
 * rate limiting and abuse detection). Generous for a person, tight for a script.
 */
export const RATE_LIMITS = {
  windowMs: 60_000,
  perTool: {
    contact: 5,
    textToSpeech: 20,
    speechToText: 10,
    videoScript: 10,
    blog: 10,
    story: 10,
  },
} as const;
