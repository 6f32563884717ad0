/**
 * Readers of the API's JSON answers that go through the contracts' schemas, so a test reads typed
 * fields instead of an untyped `any`, and an answer of the wrong shape fails the test.
 */
import { apiErrorSchema } from '@ai-tools/contracts';

/** An answer with a JSON body: what app.inject() returns. */
interface JsonAnswer {
  json(): unknown;
}

/** The message of an error answer; an answer without a text message fails the test. */
export function errorMessage(answer: JsonAnswer): string {
  return apiErrorSchema.parse(answer.json()).message;
}
