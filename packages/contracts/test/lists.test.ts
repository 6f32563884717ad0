import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DURATIONS,
  MEDIA_TYPES,
  OUTPUT_FORMATS,
  PLATFORMS,
  SCRIPT_TOPICS,
  SPEEDS,
  STORY_AUDIENCES,
  STORY_CUSTOM_THEME,
  STORY_LANGUAGES,
  STORY_LENGTHS,
  STORY_THEMES,
  STORY_TONES,
  STORY_TYPES,
  TEXT_TO_SPEECH_DEFAULTS,
  VOICES,
} from '../src/index.ts';

function assertUnique(list: readonly unknown[], name: string) {
  assert.equal(new Set(list).size, list.length, `${name} has duplicates`);
}

test('voices are the 11 of docs/product.md section 9, in order', () => {
  assert.deepEqual(
    [...VOICES],
    [
      'alloy',
      'ash',
      'ballad',
      'coral',
      'echo',
      'fable',
      'onyx',
      'nova',
      'sage',
      'shimmer',
      'verse',
    ],
  );
  assert.equal(TEXT_TO_SPEECH_DEFAULTS.voice, 'alloy');
  assert.equal(TEXT_TO_SPEECH_DEFAULTS.outputFormat, 'mp3');
  assert.equal(TEXT_TO_SPEECH_DEFAULTS.speed, 1);
});

test('formats carry the media types of docs/product.md section 9', () => {
  assert.deepEqual([...OUTPUT_FORMATS], ['mp3', 'opus', 'aac', 'flac', 'wav']);
  assert.deepEqual(MEDIA_TYPES, {
    mp3: 'audio/mpeg',
    opus: 'audio/ogg; codecs=opus',
    aac: 'audio/aac',
    flac: 'audio/flac',
    wav: 'audio/wav',
  });
});

test('speeds run from 0.25 to 3 in steps of 0.25', () => {
  assert.equal(SPEEDS.length, 12);
  assert.equal(SPEEDS[0], 0.25);
  assert.equal(SPEEDS.at(-1), 3);
  SPEEDS.forEach((speed, index) => assert.equal(speed, 0.25 * (index + 1)));
});

test('video lists match docs/product.md section 9', () => {
  assert.deepEqual([...DURATIONS], [0.15, 0.25, 0.5, 0.75, 1, 1.25, 1.5]);
  assert.deepEqual([...PLATFORMS], ['FaceBook', 'YouTube', 'Instagram', 'SnapChat']);
  assert.deepEqual(
    SCRIPT_TOPICS.map((topic) => topic.name),
    [
      'Personal Growth / Motivation',
      'Money & Business',
      'Productivity',
      'Career / Skills',
      'Tech & AI',
      'Fitness & Health',
      'Relationships & Life Lessons',
      'Education / Learning',
      'Content Ideas for Business Pages',
    ],
  );
  for (const topic of SCRIPT_TOPICS) assert.ok(topic.sampleIdea.length > 10, topic.name);
  assertUnique(
    SCRIPT_TOPICS.map((topic) => topic.sampleIdea),
    'sample ideas',
  );
});

test('story languages: 27, in the documented order', () => {
  assert.equal(STORY_LANGUAGES.length, 27);
  assert.equal(STORY_LANGUAGES[0], 'English');
  assert.equal(STORY_LANGUAGES[12], 'Sanskrit');
  assert.equal(STORY_LANGUAGES[21], 'Chinese (Simplified)');
  assert.equal(STORY_LANGUAGES.at(-1), 'Swahili');
  assertUnique(STORY_LANGUAGES, 'languages');
});

test('story types: 39, in the documented order', () => {
  assert.equal(STORY_TYPES.length, 39);
  assert.deepEqual(STORY_TYPES.slice(0, 4), ['adventure', 'moral', 'fairy tale', 'fantasy']);
  assert.deepEqual(STORY_TYPES.slice(-3), ['time travel', 'detective mystery', 'adventure+moral']);
  assertUnique(STORY_TYPES, 'story types');
});

test('story audiences: 17, in the documented order', () => {
  assert.equal(STORY_AUDIENCES.length, 17);
  assert.equal(STORY_AUDIENCES[0], 'kids 4-8');
  assert.equal(STORY_AUDIENCES.at(-1), 'cultural/traditional');
  assertUnique(STORY_AUDIENCES, 'audiences');
});

test('story tones: 30, from inspirational to heroic', () => {
  assert.equal(STORY_TONES.length, 30);
  assert.equal(STORY_TONES[0], 'inspirational');
  assert.equal(STORY_TONES.at(-1), 'heroic');
  assertUnique(STORY_TONES, 'tones');
});

test('story themes: 50, the first supplied by the visitor', () => {
  assert.equal(STORY_THEMES.length, 50);
  assert.equal(STORY_THEMES[0], STORY_CUSTOM_THEME);
  assertUnique(STORY_THEMES, 'themes');
});

test('story lengths: 200 to 1000 words in steps of 100', () => {
  assert.deepEqual([...STORY_LENGTHS], [200, 300, 400, 500, 600, 700, 800, 900, 1000]);
});
