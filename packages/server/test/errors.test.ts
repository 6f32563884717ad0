/**
 * The one error model (errors.ts): what the handler answers for each kind of error, and that it
 * guesses nothing from an error that is not one of ours.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { API_PATHS, SERVER_MESSAGES } from '@ai-tools/contracts';
import {
  AppError,
  AudioTooLongError,
  BodyTimeoutError,
  GenerationAbortedError,
  InputError,
  ProviderBusyError,
  ProviderError,
  ProviderFailedError,
  ProviderUnavailableError,
  RateLimitedError,
  ValidationError,
  VisitorHasJobError,
} from '../src/errors.ts';
import type { SpeechSynthesizer } from '../src/providers/types.ts';
import { capturedLogger, makeApp } from './helpers/app.ts';
import { testProviders } from './helpers/audio-doubles.ts';
import { errorMessage } from './helpers/answers.ts';

test('each error says its status, whether a retry may help, and when', () => {
  const cases: [AppError, 'input' | 'provider', number, boolean, number | undefined][] = [
    [new ValidationError('Bad.'), 'input', 400, false, undefined],
    [new AudioTooLongError('Long.'), 'input', 413, false, undefined],
    [new BodyTimeoutError(), 'input', 408, true, undefined],
    [new RateLimitedError(), 'input', 429, true, undefined],
    [new VisitorHasJobError('Wait.', 12), 'input', 429, true, 12],
    [new ProviderUnavailableError('Off.'), 'provider', 503, false, 60],
    [new ProviderBusyError('Full.', 7), 'provider', 503, true, 7],
    [new ProviderFailedError('Failed.'), 'provider', 502, true, undefined],
    [new GenerationAbortedError(), 'provider', 499, true, undefined],
  ];
  for (const [error, branch, statusCode, retryMayHelp, retryAfterSeconds] of cases) {
    assert.equal(error instanceof (branch === 'input' ? InputError : ProviderError), true);
    assert.deepEqual(
      [error.statusCode, error.retryMayHelp, error.retryAfterSeconds],
      [statusCode, retryMayHelp, retryAfterSeconds],
      error.name,
    );
  }
});

/** An app whose speech engine fails with `error`. */
async function appFailingWith(error: Error, logLines: string[] = []) {
  const failing: SpeechSynthesizer = {
    status: () => ({ engine: 'failing double', tier: 'classic', ready: true }),
    close: async () => {},
    synthesize: () => Promise.reject(error),
  };
  return makeApp({
    providers: testProviders({ speech: failing }),
    logger: capturedLogger(logLines),
  });
}

test('an AppError answers its own status, message and Retry-After', async () => {
  const app = await appFailingWith(new ProviderBusyError('The voices are busy.', 9));
  try {
    const response = await app.inject({
      method: 'POST',
      url: API_PATHS.textToSpeech,
      payload: { text: 'Hello there.' },
    });
    assert.equal(response.statusCode, 503);
    assert.equal(response.headers['retry-after'], '9');
    assert.equal(errorMessage(response), 'The voices are busy.');
  } finally {
    await app.close();
  }
});

test('any other error is a 500 that says nothing, whatever status it claims; the log has it', async () => {
  const logLines: string[] = [];
  const stranger = Object.assign(new Error('secret detail at /srv/app'), { statusCode: 418 });
  const app = await appFailingWith(stranger, logLines);
  try {
    const response = await app.inject({
      method: 'POST',
      url: API_PATHS.textToSpeech,
      payload: { text: 'Hello there.' },
    });
    assert.equal(response.statusCode, 500);
    assert.equal(errorMessage(response), SERVER_MESSAGES.internal);
    assert.ok(logLines.some((line) => line.includes('secret detail at /srv/app')));
  } finally {
    await app.close();
  }
});
