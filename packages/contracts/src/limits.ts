/**
 * Limits and timings that web and server both honour (docs/product.md section 9). A tool's own
 * limits live in its contract module and are gathered here.
 */
import { BLOG_LIMITS } from './features/blog/facts.ts';
import { ADDITIONAL_INFO_MAX_LENGTH } from './writer-facts.ts';
import { STORY_LIMITS } from './features/story/facts.ts';

export const LIMITS = {
  /** Characters of text for one text-to-speech request. The service splits it at sentences. */
  textToSpeechMaxCharacters: 5000,
  /** Upload size for speech to text, in bytes: 25 MB, as OpenAI's own transcription API. */
  uploadMaxBytes: 25 * 1024 * 1024,
  /** Longest audio accepted for speech to text, in seconds. */
  audioMaxSeconds: 10 * 60,
  /**
   * Longest audio one text-to-speech request may produce, in seconds, estimated from the text and
   * the speed before any work starts (the server's SPEECH_MAX_SECONDS may change it).
   */
  speechMaxSeconds: 10 * 60,
  contactMessageMinLength: 10,
  contactMessageMaxLength: 5000,
  contactNameMaxLength: 100,
  contactSubjectMaxLength: 200,
  contactEmailMaxLength: 254,
  ...BLOG_LIMITS,
  ...STORY_LIMITS,
  additionalInfoMaxLength: ADDITIONAL_INFO_MAX_LENGTH,
  /** A JSON request body, in bytes: room for the longest text even when every character is escaped. */
  jsonBodyMaxBytes: 64 * 1024,
} as const;

/**
 * Captions made with a synthesis follow common subtitle practice (the BBC's and Netflix's
 * guidelines): at most two lines of about 42 characters, each cue on screen at least about a second.
 */
export const CAPTION_LIMITS = {
  maxLineCharacters: 42,
  maxLines: 2,
  minSeconds: 1,
} as const;

export const TIMINGS = {
  contactSuccessClearMs: 3000,
  /** The empty-text note, the add-file hint and the copied indicator. */
  noticeMs: 2000,
  faqCollapseMs: 350,
  videoModalAnimationMs: 300,
  stickyNavbarScrollPx: 50,
} as const;

/**
 * The contact call's optional header: a client that retries a message whose answer it lost sends
 * the same key, and the message is stored once.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Visible ASCII, as in the IETF draft's examples (UUIDs and the like), up to 200 characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** The honeypot field of the contact form: people never see it, simple bots fill it in. */
export const CONTACT_HONEYPOT_FIELD = 'website';

/**
 * The multipart field that carries the speech-to-text upload (docs/product.md section 7). Kept out
 * of schemas.ts so the web's main bundle, which uses it, does not pull in zod.
 */
export const SPEECH_UPLOAD_FIELD = 'file';

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
