import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  PRODUCT_AUDIENCES,
  PRODUCT_DESCRIPTION_MESSAGES,
  PRODUCT_TONES,
  productDescriptionRequestSchema,
  productDescriptionResponseSchema,
  SERVER_MESSAGES,
} from '../src/index.ts';

const REQUEST = { productName: ' Trail Shoes ', audience: 'outdoor lovers', tone: 'friendly' };

function firstMessage(body: unknown): string | undefined {
  const result = productDescriptionRequestSchema.safeParse(body);
  return result.success ? undefined : result.error.issues[0]?.message;
}

test('a request is a product name, one of the audiences and one of the tones', () => {
  assert.deepEqual(productDescriptionRequestSchema.parse(REQUEST), {
    ...REQUEST,
    productName: 'Trail Shoes',
  });
  assert.equal(
    firstMessage({ ...REQUEST, productName: ' ' }),
    PRODUCT_DESCRIPTION_MESSAGES.productNameRequired,
  );
  assert.equal(
    firstMessage({ ...REQUEST, productName: 'x'.repeat(101) }),
    PRODUCT_DESCRIPTION_MESSAGES.productNameTooLong,
  );
  assert.equal(
    firstMessage({ ...REQUEST, audience: 'everyone' }),
    SERVER_MESSAGES.fieldMustBeOneOf('audience', PRODUCT_AUDIENCES),
  );
  assert.equal(
    firstMessage({ ...REQUEST, tone: 'angry' }),
    SERVER_MESSAGES.fieldMustBeOneOf('tone', PRODUCT_TONES),
  );
  assert.equal(firstMessage('Trail Shoes'), SERVER_MESSAGES.bodyMustBeObject);
});

test('an answer is the description in markdown with its word count', () => {
  const answer = { success: true, data: { description: '# Mug: Warm', wordCount: 3 } };
  assert.deepEqual(productDescriptionResponseSchema.parse(answer), answer);
  assert.equal(
    productDescriptionResponseSchema.safeParse({ success: true, data: {} }).success,
    false,
  );
});
