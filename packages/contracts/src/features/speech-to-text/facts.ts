/** Speech to text's limits and upload field: plain values, free of zod. */

export const SPEECH_TO_TEXT_LIMITS = {
  /** Upload size for speech to text, in bytes: 25 MB, as OpenAI's own transcription API. */
  uploadMaxBytes: 25 * 1024 * 1024,
  /** Longest audio accepted for speech to text, in seconds. */
  audioMaxSeconds: 10 * 60,
} as const;

/**
 * Long recordings become background jobs (POST API_PATHS.speechToTextJobs): the defaults of the
 * operator's settings LONG_UPLOAD_MAX_BYTES, LONG_AUDIO_MAX_SECONDS and
 * TRANSCRIPTION_RESULT_SECONDS.
 */
export const TRANSCRIPTION_JOB_DEFAULTS = {
  /** 500 MB: two hours of MP3 at 500 kbit/s, or of 16 kHz mono WAV. */
  uploadMaxBytes: 500 * 1024 * 1024,
  /** Two hours: a lecture, a long podcast episode. */
  audioMaxSeconds: 2 * 60 * 60,
  /** How long a finished job's result is kept before it is deleted. */
  resultSeconds: 60 * 60,
} as const;

/**
 * Where a transcription job stands: waiting for the recogniser, being transcribed, finished with
 * its result, failed with a message, or cancelled by the visitor (its text is then deleted).
 */
export const TRANSCRIPTION_JOB_STATUSES = [
  'queued',
  'running',
  'done',
  'failed',
  'cancelled',
] as const;
export type TranscriptionJobStatus = (typeof TRANSCRIPTION_JOB_STATUSES)[number];

/**
 * The multipart field that carries the speech-to-text upload (docs/product.md section 7). Kept out
 * of the schemas so the web's main bundle, which uses it, does not pull in zod.
 */
export const SPEECH_UPLOAD_FIELD = 'file';

/**
 * The multipart fields that choose the language heard, the task and whether cues carry their
 * words' times, sent before the file.
 */
export const SPEECH_LANGUAGE_FIELD = 'language';
export const SPEECH_TASK_FIELD = 'task';
export const SPEECH_WORDS_FIELD = 'words';

/**
 * Transcribe in the language spoken, or translate it to English (Whisper's own two tasks, and the
 * OpenAI API's /audio/transcriptions and /audio/translations).
 */
export const TRANSCRIPTION_TASKS = ['transcribe', 'translate'] as const;
export type TranscriptionTask = (typeof TRANSCRIPTION_TASKS)[number];

/**
 * The languages a visitor may name instead of trusting detection: the 99 of the multilingual
 * Whisper models, as ISO 639-1 codes (Whisper writes Javanese 'jw'), Hawaiian as ISO 639-2.
 * The page names them with the browser's Intl.DisplayNames.
 */
export const TRANSCRIPTION_LANGUAGES = (
  'en zh de es ru ko fr ja pt tr pl ca nl ar sv it id hi fi vi he uk el ms cs ro da hu ta no ' +
  'th ur hr bg lt la mi ml cy sk te fa lv bn sr az sl kn et mk br eu is hy ne mn bs kk sq sw ' +
  'gl mr pa si km sn yo so af oc ka be tg sd gu am yi lo uz fo ht ps tk nn mt sa lb my bo tl ' +
  'mg as tt haw ln ha ba jv su'
).split(' ');
