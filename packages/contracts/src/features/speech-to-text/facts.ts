/** Speech to text's limits and upload field: plain values, free of zod. */

export const SPEECH_TO_TEXT_LIMITS = {
  /** Upload size for speech to text, in bytes: 25 MB, as OpenAI's own transcription API. */
  uploadMaxBytes: 25 * 1024 * 1024,
  /** Longest audio accepted for speech to text, in seconds. */
  audioMaxSeconds: 10 * 60,
} as const;

/**
 * The multipart field that carries the speech-to-text upload (docs/product.md section 7). Kept out
 * of the schemas so the web's main bundle, which uses it, does not pull in zod.
 */
export const SPEECH_UPLOAD_FIELD = 'file';
