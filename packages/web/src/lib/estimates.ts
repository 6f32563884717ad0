import { WRITER_MESSAGES, type QueueEvent } from '@ai-tools/contracts';

/**
 * Rough durations shown while a tool works, so a visitor knows whether to wait 5 seconds or 2
 * minutes. They come from the size of the request, with rates measured loosely on a small 2-core
 * server running the local engines; an API provider is usually faster. They are hints, not promises:
 * once a request starts on a local engine, the server's own estimate from the speed it measured
 * (the queue event's estimatedRunSeconds) takes their place, and speech to text uses the speed
 * the server tells with its engine's status.
 */

/** A typical blog post of the blog generator, in words. */
export const TYPICAL_BLOG_WORDS = 900;

/** A local text model writes roughly this many words a second on a small CPU. */
const GENERATED_WORDS_PER_SECOND = 7;
/** Characters of text the local voices turn into speech per second. */
const SYNTHESIZED_CHARACTERS_PER_SECOND = 120;
/** Bytes per second of a typical compressed upload (128 kbit/s). */
const UPLOAD_BYTES_PER_AUDIO_SECOND = 16_000;
/**
 * Seconds of recognition work per second of audio on the local engines: the guess used when the
 * server has not told its measured speed (GET /api/health's secondsPerAudioSecond).
 */
const TRANSCRIPTION_SECONDS_PER_AUDIO_SECOND = 0.5;
/** Start-up of any request: upload, queueing, model warm-up. */
const BASE_SECONDS = 3;

export function estimateWritingSeconds(words: number): number {
  return Math.round(BASE_SECONDS + words / GENERATED_WORDS_PER_SECOND);
}

/**
 * How long making the speech of `characters` takes: the work, not the length of the audio (the
 * server's estimateSpeechSeconds says how long the speech lasts).
 */
export function estimateSynthesisSeconds(characters: number): number {
  return Math.round(BASE_SECONDS + characters / SYNTHESIZED_CHARACTERS_PER_SECOND);
}

/**
 * From the audio's duration when the browser could read it, else from the file's size; at the
 * speed this server measured (`secondsPerAudioSecond`, from GET /api/health) when it told one.
 */
export function estimateTranscriptionSeconds(
  fileBytes: number,
  audioSeconds?: number,
  secondsPerAudioSecond = TRANSCRIPTION_SECONDS_PER_AUDIO_SECOND,
): number {
  const seconds = audioSeconds ?? fileBytes / UPLOAD_BYTES_PER_AUDIO_SECOND;
  return Math.round(BASE_SECONDS + seconds * secondsPerAudioSecond);
}

/** "45 s" or "2 min 5 s". */
export function formatSeconds(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

/**
 * A streamed request's place in line, worded ("2 requests ahead of you, about 40 s"). An estimate
 * of 0 s while others are ahead would read as a promise: the least said is 1 s.
 */
export function queuedText(queue: QueueEvent): string {
  return WRITER_MESSAGES.queued(
    queue.ahead,
    formatSeconds(Math.max(1, queue.estimatedWaitSeconds)),
  );
}
