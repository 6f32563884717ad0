/**
 * The one error model of the server. Every error a request may answer with is an AppError: its
 * HTTP status, its message (fit for a visitor to read), an optional delay before trying again
 * (sent as Retry-After) and whether trying again may help at all. Two branches:
 * - InputError: the request itself cannot be served as sent (4xx);
 * - ProviderError: an engine or upstream service is missing, busy or failed (5xx, or 499 when
 *   the visitor went away).
 * The error handler looks at nothing else; any other error is a 500 whose detail goes to the log.
 */
import { SERVER_MESSAGES, SPEECH_TO_TEXT_MESSAGES } from '@ai-tools/contracts';

export abstract class AppError extends Error {
  abstract readonly statusCode: number;
  /** Whether the same request may succeed later, unchanged. */
  abstract readonly retryMayHelp: boolean;
  /** Sent as Retry-After when set. */
  readonly retryAfterSeconds?: number;

  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

// ---------------------------------------------------------------- the request

/** The request cannot be served as sent; the message says what to change. */
export abstract class InputError extends AppError {
  readonly retryMayHelp: boolean = false;
}

/** The body or a header does not meet the API's rules: 400. */
export class ValidationError extends InputError {
  readonly statusCode = 400;
}

/** The body is of a kind the route does not read (JSON where an upload goes, or the reverse): 415. */
export class UnsupportedMediaTypeError extends InputError {
  readonly statusCode = 415;
}

/** The upload is not audio, or decodes to no audio: 400. */
export class InvalidAudioError extends InputError {
  readonly statusCode = 400;
}

/** The text is in a language no voice on this server speaks: 400, naming the language. */
export class UnsupportedLanguageError extends InputError {
  readonly statusCode = 400;
}

/** The audio is longer than the limit (to transcribe, or to make): 413. */
export class AudioTooLongError extends InputError {
  readonly statusCode = 413;
}

/** The upload is over LIMITS.uploadMaxBytes, or a long recording's LONG_UPLOAD_MAX_BYTES: 413. */
export class UploadTooLargeError extends InputError {
  readonly statusCode = 413;
  constructor(message: string = SPEECH_TO_TEXT_MESSAGES.fileTooLarge) {
    super(message);
  }
}

/** The body stopped arriving before BODY_TIMEOUT_MS: 408, and the connection is closed. */
export class BodyTimeoutError extends InputError {
  readonly statusCode = 408;
  override readonly retryMayHelp = true;
  constructor() {
    super(SERVER_MESSAGES.bodyTimedOut);
  }
}

/**
 * The upload arrives slower on average than UPLOAD_MIN_BYTES_PER_SECOND once its grace period has
 * passed: 408, and the connection is closed (plugins/connection-limits.ts).
 */
export class UploadTooSlowError extends InputError {
  readonly statusCode = 408;
  override readonly retryMayHelp = true;
  constructor(minimumBytesPerSecond: number) {
    super(SPEECH_TO_TEXT_MESSAGES.uploadTooSlow(minimumBytesPerSecond));
  }
}

/** The thing asked for does not exist, or is not the visitor's to see: 404. */
export class JobNotFoundError extends InputError {
  readonly statusCode = 404;
}

/** The request conflicts with one already served, such as a reused Idempotency-Key: 409. */
export class ConflictError extends InputError {
  readonly statusCode = 409;
}

/** The visitor's budget of requests is spent for now: 429; the rate limiter sets Retry-After. */
export class RateLimitedError extends InputError {
  readonly statusCode = 429;
  override readonly retryMayHelp = true;
  constructor() {
    super(SERVER_MESSAGES.rateLimited);
  }
}

/** The visitor already has a job running or waiting on this engine: 429 with Retry-After. */
export class VisitorHasJobError extends InputError {
  readonly statusCode = 429;
  override readonly retryMayHelp = true;
  constructor(
    message: string,
    override readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

// ---------------------------------------------------------------- the engines

/** An engine or upstream service could not serve a valid request. */
export abstract class ProviderError extends AppError {
  readonly retryMayHelp: boolean = true;
}

/** The engine is missing or not configured: 503, with how to enable it. */
export class ProviderUnavailableError extends ProviderError {
  readonly statusCode = 503;
  override readonly retryAfterSeconds = 60;
  /** Only someone who runs the server can change this. */
  override readonly retryMayHelp = false;
}

/** The engine's queue is full: 503 with Retry-After. */
export class ProviderBusyError extends ProviderError {
  readonly statusCode = 503;
  constructor(
    message: string,
    override readonly retryAfterSeconds = 10,
  ) {
    super(message);
  }
}

/** The engine or upstream service refused or failed; the visitor may try again later. */
export class ProviderFailedError extends ProviderError {
  readonly statusCode = 502;
}

/** The engine answered with nothing usable. */
export class EmptyResultError extends ProviderError {
  readonly statusCode = 502;
}

/** The client went away or the job was stopped; nothing is sent. */
export class GenerationAbortedError extends ProviderError {
  readonly statusCode = 499;
  constructor(message = 'The request was cancelled.') {
    super(message);
  }
}
