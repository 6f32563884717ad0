/**
 * Every message of the site, pinned as the literal text a visitor reads
 * (test/fixtures/messages/, one file per catalogue): a typo in a message, or a message changed by accident, fails
 * here. A message changed on purpose changes the fixture in the same commit.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as contracts from '../src/index.ts';

/** The catalogues: each tool's own (features/<tool>/messages.ts) and the shared ones (messages.ts). */
const messages = Object.fromEntries(
  Object.entries(contracts).filter(([name]) => /_(MESSAGES|TEXTS)$/.test(name)),
);

/** Example arguments for the messages that take some. */
const EXAMPLE_ARGUMENTS: Record<string, unknown[]> = {
  'SERVER_MESSAGES.methodNotAllowed': [['GET', 'POST']],
  'SERVER_MESSAGES.fieldMustBeOneOf': ['voice', ['af_heart', 'am_adam']],
  'SERVER_MESSAGES.engineBusy': [2, 40],
  'SERVER_MESSAGES.visitorHasJob': ['stroy-speech'],
  'SERVER_MESSAGES.noWorker': ['speech'],
  'TEXT_TO_SPEECH_MESSAGES.speechTooLong': [12.5, 10],
  'TEXT_TO_SPEECH_MESSAGES.languageNotSpoken': ['sw'],
  'TEXT_TO_SPEECH_MESSAGES.readByBasicVoiceOnly': ['German'],
  'TEXT_TO_SPEECH_MESSAGES.cannotBeReadAloud': ['Korean'],
  'TEXT_TO_SPEECH_MESSAGES.speechPackagesMissing': ['festival flite', ['festival']],
  'TEXT_TO_SPEECH_MESSAGES.playingWhileMade': ['8 s'],
  'TEXT_TO_SPEECH_MESSAGES.excerpt': [5000],
  'SPEECH_PLAYER_MESSAGES.position': ['0:12', '0:30'],
  'SPEECH_TO_TEXT_MESSAGES.uploadTooSlow': [4096],
  'SPEECH_TO_TEXT_MESSAGES.languageUnavailable': ['French'],
  'SPEECH_TO_TEXT_MESSAGES.heardLanguage': ['French', true],
  'SPEECH_TO_TEXT_MESSAGES.cueStart': [3],
  'SPEECH_TO_TEXT_MESSAGES.cueEnd': [3],
  'SPEECH_TO_TEXT_MESSAGES.cueText': [3],
  'SPEECH_TO_TEXT_MESSAGES.playCue': [3],
  'SPEECH_TO_TEXT_MESSAGES.splitCue': [3],
  'SPEECH_TO_TEXT_MESSAGES.mergeCue': [3],
  'SPEECH_TO_TEXT_MESSAGES.deleteCue': [3],
  'SPEECH_TO_TEXT_MESSAGES.jobFileTooLarge': [500 * 1024 * 1024],
  'SPEECH_TO_TEXT_MESSAGES.jobProgress': ['12 min 30 s', '58 min 10 s', 21],
  'SPEECH_TO_TEXT_MESSAGES.jobTimeLeft': ['14 min'],
  'SPEECH_TO_TEXT_MESSAGES.jobKeptUntil': ['14:05'],
  'SPEECH_TO_TEXT_MESSAGES.jobAudioTooLong': [7200],
  'WRITER_MESSAGES.resultEmpty': ['story'],
  'WRITER_MESSAGES.planUnreadable': ['blog post'],
  'STORY_MESSAGES.weakLanguage': ['Tamil'],
  'WRITER_MESSAGES.queued': [2, '40 s'],
  'WRITER_MESSAGES.draftHasProblems': [
    ['it has 2 titles instead of one', 'it leaves out "Pimienta"'],
  ],
  'DRAFT_PROBLEM_MESSAGES.titleCount': [2],
  'DRAFT_PROBLEM_MESSAGES.repeatedHeading': ['Conclusion'],
  'DRAFT_PROBLEM_MESSAGES.placeholder': ['{Created Question}'],
  'DRAFT_PROBLEM_MESSAGES.otherScript': ['flush out多余的 fluid'],
  'DRAFT_PROBLEM_MESSAGES.unfinishedLine': ['a few examples:s in coffee'],
  'DRAFT_PROBLEM_MESSAGES.frameSection': ['Introduction'],
  'DRAFT_PROBLEM_MESSAGES.gluedWords': ['yourdailyRoutine'],
  'DRAFT_PROBLEM_MESSAGES.otherLanguage': ['The importance of purchasing', 'Spanish'],
  'DRAFT_PROBLEM_MESSAGES.chatter': ["I'm here to help"],
  'DRAFT_PROBLEM_MESSAGES.instructions': ['Paragraph 1:'],
  'DRAFT_PROBLEM_MESSAGES.missingElement': ['Pimienta'],
  'DRAFT_PROBLEM_MESSAGES.repeatedSentence': ['The lighthouse glowed.'],
  'DRAFT_PROBLEM_MESSAGES.length': [120, 170, 230],
  'DRAFT_PROBLEM_MESSAGES.speakingTime': [22, 15],
  'DRAFT_PROBLEM_MESSAGES.emptyCue': ['B-roll'],
  'DRAFT_PROBLEM_MESSAGES.cueNotAShot': ['B-roll', 'You get it, right?'],
  'DRAFT_PROBLEM_MESSAGES.paragraphs': [1, 2],
  'AI_SERVICE_MESSAGES.keyRefused': ['OPENAI_API_KEY'],
  'AI_SERVICE_MESSAGES.modelMissing': [
    'gpt-4o-mini',
    '/chat/completions',
    { model: 'OPENAI_MODEL', baseUrl: 'OPENAI_BASE_URL' },
  ],
  'AI_SERVICE_MESSAGES.quotaUsed': ['OPENAI_API_KEY'],
  'AI_SERVICE_MESSAGES.busy': [7],
  'AI_SERVICE_MESSAGES.failed': [500],
  'AI_SERVICE_MESSAGES.rejected': [400],
  'AI_SERVICE_MESSAGES.replyUnreadable': ['an answer', 'OPENAI_BASE_URL'],
  'PAGE_TEXTS.pastedTextCut': [6120, 1120, 5000],
  'ENGINE_TEXTS.engineName': ['qwen2.5-coder-1.5b-instruct-q4_k_m.gguf'],
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

/** One fixture per catalogue, so a change to one tool's messages touches only its own file. */
const FIXTURES = new URL('./fixtures/messages/', import.meta.url);

test('every message reads exactly as pinned', () => {
  const texts = catalogueTexts();
  assert.deepEqual(
    readdirSync(FIXTURES).sort(),
    Object.keys(texts)
      .map((catalogue) => `${catalogue}.json`)
      .sort(),
    'one fixture per catalogue',
  );
  for (const [catalogue, entries] of Object.entries(texts)) {
    const pinned: unknown = JSON.parse(
      readFileSync(new URL(`${catalogue}.json`, FIXTURES), 'utf8'),
    );
    assert.deepEqual(entries, pinned, catalogue);
  }
});

test('every text is written in one catalogue only', () => {
  const places = new Map<string, string[]>();
  for (const [catalogue, entries] of Object.entries(catalogueTexts())) {
    for (const [key, text] of Object.entries(entries)) {
      places.set(text, [...(places.get(text) ?? []), `${catalogue}.${key}`]);
    }
  }
  const written = [...places.values()].filter((names) => names.length > 1);
  assert.deepEqual(
    written,
    [],
    'the same text under two names: keep one and use it in both places',
  );
});

// Writes the fixtures from the current messages: node --import tsx test/messages.test.ts --write
if (process.argv.includes('--write')) {
  const { mkdirSync, rmSync, writeFileSync } = await import('node:fs');
  rmSync(FIXTURES, { recursive: true, force: true });
  mkdirSync(FIXTURES, { recursive: true });
  for (const [catalogue, entries] of Object.entries(catalogueTexts())) {
    writeFileSync(new URL(`${catalogue}.json`, FIXTURES), `${JSON.stringify(entries, null, 2)}\n`);
  }
}
