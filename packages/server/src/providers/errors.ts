/**
 * Named provider errors. The app's one error handler answers each with its status and passes the
 * message through, so every message here must be fit for a visitor to read.
 */

/** What every named provider error shares: the handler knows them by this class. */
export abstract class ProviderError extends Error {
  abstract readonly statusCode: number;
  /** Sent as Retry-After when set. */
  readonly retryAfterSeconds?: number;

  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The engine is missing or not configured: 503, with how to enable it. */
export class ProviderUnavailableError extends ProviderError {
  readonly statusCode = 503;
  override readonly retryAfterSeconds = 60;
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

/** The visitor already has a job running or waiting on this engine: 429 with Retry-After. */
export class VisitorHasJobError extends ProviderError {
  readonly statusCode = 429;
  constructor(
    message: string,
    override readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** The upstream service refused or failed; the visitor may try again later. */
export class ProviderFailedError extends ProviderError {
  readonly statusCode = 502;
}

/** The engine answered with nothing usable. */
export class EmptyResultError extends ProviderError {
  readonly statusCode = 502;
}

/** The upload is not audio, or decodes to no audio: 400. */
export class InvalidAudioError extends ProviderError {
  readonly statusCode = 400;
}

/** The text is in a language no voice on this server speaks: 400, naming the language. */
export class UnsupportedLanguageError extends ProviderError {
  readonly statusCode = 400;
}

/** The audio is longer than LIMITS.audioMaxSeconds: 413. */
export class AudioTooLongError extends ProviderError {
  readonly statusCode = 413;
}

/** The client went away or the job timed out; nothing is sent. */
export class GenerationAbortedError extends ProviderError {
  readonly statusCode = 499;
  constructor(message = 'The request was cancelled.') {
    super(message);
  }
}
