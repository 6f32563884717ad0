/**
 * Every message of the site, pinned as the literal text a visitor reads
 * (test/fixtures/messages.json): a typo in a message, or a message changed by accident, fails
 * here. A message changed on purpose changes the fixture in the same commit.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as messages from '../src/messages.ts';

/** Example arguments for the messages that take some. */
const EXAMPLE_ARGUMENTS: Record<string, unknown[]> = {
  'SERVER_MESSAGES.methodNotAllowed': [['GET', 'POST']],
  'SERVER_MESSAGES.engineBusy': [2, 40],
  'API_MESSAGES.speechTooLong': [12.5, 10],
  'ENGINE_MESSAGES.languageNotSpoken': ['sw'],
  'ENGINE_MESSAGES.resultEmpty': ['story'],
  'ENGINE_MESSAGES.speechPackagesMissing': ['festival flite', ['festival']],
  'ENGINE_MESSAGES.serviceKeyRefused': ['OPENAI_API_KEY'],
  'ENGINE_MESSAGES.serviceModelMissing': [
    'gpt-4o-mini',
    '/chat/completions',
    { model: 'OPENAI_MODEL', baseUrl: 'OPENAI_BASE_URL' },
  ],
  'ENGINE_MESSAGES.serviceQuotaUsed': ['OPENAI_API_KEY'],
  'ENGINE_MESSAGES.serviceBusy': [7],
  'ENGINE_MESSAGES.serviceFailed': [500],
  'ENGINE_MESSAGES.serviceRejected': [400],
  'ENGINE_MESSAGES.serviceReplyUnreadable': ['an answer', 'OPENAI_BASE_URL'],
  'REQUEST_MESSAGES.serverAnswered': [502],
  'SPEECH_STREAM_MESSAGES.playingWhileMade': ['8 s'],
  'READ_ALOUD_MESSAGES.excerpt': [5000],
  'WRITER_MESSAGES.queued': [2, '40 s'],
};

/** Each catalogue's messages as text, the worded ones with their example arguments. */
function catalogueTexts(): Record<string, Record<string, string>> {
  const texts: Record<string, Record<string, string>> = {};
  for (const [catalogue, entries] of Object.entries(messages)) {
    texts[catalogue] = {};
    for (const [key, message] of Object.entries(entries as Record<string, unknown>)) {
      const name = `${catalogue}.${key}`;
      if (typeof message === 'function') {
        const example = EXAMPLE_ARGUMENTS[name];
        assert.ok(example, `${name} takes arguments: give it examples in EXAMPLE_ARGUMENTS`);
        texts[catalogue][key] = String((message as (...values: unknown[]) => unknown)(...example));
      } else {
        texts[catalogue][key] = String(message);
      }
    }
  }
  return texts;
}

test('every message reads exactly as pinned', () => {
  const pinned: unknown = JSON.parse(
    readFileSync(new URL('./fixtures/messages.json', import.meta.url), 'utf8'),
  );
  assert.deepEqual(catalogueTexts(), pinned);
});

// Writes the fixture from the current messages: node --import tsx test/messages.test.ts --write
if (process.argv.includes('--write')) {
  const { writeFileSync } = await import('node:fs');
  writeFileSync(
    new URL('./fixtures/messages.json', import.meta.url),
    `${JSON.stringify(catalogueTexts(), null, 2)}\n`,
  );
}
