import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CONTACT_MESSAGES,
  LIMITS,
  blogRequestSchema,
  contactMessageSchema,
  OUTPUT_FORMATS,
  spokenAudioAnswerSchema,
  storyRequestSchema,
  streamedResultCarriesFile,
  streamedSpeechResultSchema,
  textToSpeechRequestSchema,
  textToSpeechResponseSchema,
  videoScriptRequestSchema,
} from '../src/index.ts';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  assert.equal(result.success, false);
  return result.error?.issues[0]?.message;
}

test('contact validation carries the exact documented messages', () => {
  const valid = {
    name: 'Ada',
    email: 'ada@example.com',
    subject: 'Hi',
    message: 'Hello there, team!',
  };
  assert.equal(contactMessageSchema.safeParse(valid).success, true);
  assert.equal(
    firstMessage(contactMessageSchema.safeParse({ ...valid, name: '  ' })),
    CONTACT_MESSAGES.nameRequired,
  );
  assert.equal(
    firstMessage(contactMessageSchema.safeParse({ ...valid, email: '' })),
    CONTACT_MESSAGES.emailRequired,
  );
  assert.equal(
    firstMessage(contactMessageSchema.safeParse({ ...valid, email: 'nope' })),
    CONTACT_MESSAGES.emailInvalid,
  );
  assert.equal(
    firstMessage(contactMessageSchema.safeParse({ ...valid, subject: '' })),
    CONTACT_MESSAGES.subjectRequired,
  );
  assert.equal(
    firstMessage(contactMessageSchema.safeParse({ ...valid, message: '' })),
    CONTACT_MESSAGES.messageRequired,
  );
  assert.equal(
    firstMessage(contactMessageSchema.safeParse({ ...valid, message: 'too short' })),
    CONTACT_MESSAGES.messageTooShort,
  );
  const { name: _name, ...withoutName } = valid;
  assert.equal(
    firstMessage(contactMessageSchema.safeParse(withoutName)),
    CONTACT_MESSAGES.nameRequired,
  );
});

test('text to speech applies the tool page defaults', () => {
  const parsed = textToSpeechRequestSchema.parse({ text: 'Hello' });
  // captions is this site's addition, off unless asked for.
  assert.deepEqual(parsed, {
    text: 'Hello',
    voice: 'alloy',
    speed: 1,
    outputFormat: 'mp3',
    captions: false,
  });
});

test('text to speech accepts response_format as an alias of outputFormat', () => {
  const parsed = textToSpeechRequestSchema.parse({ text: 'Hello', response_format: 'flac' });
  assert.equal(parsed.outputFormat, 'flac');
  assert.equal('response_format' in parsed, false);
  const both = textToSpeechRequestSchema.parse({
    text: 'Hi',
    outputFormat: 'wav',
    response_format: 'aac',
  });
  assert.equal(both.outputFormat, 'wav');
});

test('text to speech refuses unknown voices and formats, bad speeds and long text', () => {
  assert.match(
    firstMessage(textToSpeechRequestSchema.safeParse({ text: 'a', voice: 'robot' })) ?? '',
    /voice must be one of/,
  );
  assert.match(
    firstMessage(textToSpeechRequestSchema.safeParse({ text: 'a', outputFormat: 'ogg' })) ?? '',
    /outputFormat/,
  );
  assert.match(
    firstMessage(textToSpeechRequestSchema.safeParse({ text: 'a', speed: 4 })) ?? '',
    /speed/,
  );
  assert.match(
    firstMessage(textToSpeechRequestSchema.safeParse({ text: 'a', speed: '1' })) ?? '',
    /speed/,
  );
  assert.match(
    firstMessage(textToSpeechRequestSchema.safeParse({ text: '   ' })) ?? '',
    /enter some text/,
  );
  const tooLong = 'a'.repeat(LIMITS.textToSpeechMaxCharacters + 1);
  assert.match(
    firstMessage(textToSpeechRequestSchema.safeParse({ text: tooLong })) ?? '',
    /too long/,
  );
  assert.match(firstMessage(textToSpeechRequestSchema.safeParse('text')) ?? '', /JSON object/);
});

test('video script, blog and story requests take only listed options', () => {
  const script = { topic: 'Productivity', platform: 'YouTube', duration: 0.5 };
  assert.deepEqual(videoScriptRequestSchema.parse(script), { ...script, additionalInfo: '' });
  assert.equal(
    videoScriptRequestSchema.safeParse({ ...script, platform: 'TikTok' }).success,
    false,
  );
  assert.equal(videoScriptRequestSchema.safeParse({ ...script, duration: 2 }).success, false);

  assert.equal(blogRequestSchema.parse({ topic: '  AI at work ' }).topic, 'AI at work');
  assert.match(
    firstMessage(blogRequestSchema.safeParse({ topic: ' ' })) ?? '',
    /topic is required/,
  );

  const story = {
    language: 'English',
    storyType: 'adventure',
    audience: 'kids 4-8',
    tone: 'inspirational',
    topic: 'My own idea',
    storyLength: 300,
    additionalInfo: 'A fox who learns to swim',
  };
  assert.equal(storyRequestSchema.safeParse(story).success, true);
  assert.equal(storyRequestSchema.safeParse({ ...story, storyLength: 250 }).success, false);
  assert.equal(storyRequestSchema.safeParse({ ...story, language: 'Klingon' }).success, false);
  assert.equal(storyRequestSchema.safeParse({ ...story, additionalInfo: undefined }).success, true);
});

test('the story theme is free text up to its limit, not only the listed themes', () => {
  const story = {
    language: 'English',
    storyType: 'adventure',
    audience: 'kids 4-8',
    tone: 'inspirational',
    topic: '  A lost kite ',
    storyLength: 300,
  };
  assert.equal(storyRequestSchema.parse(story).topic, 'A lost kite');
  const longest = 'k'.repeat(LIMITS.storyThemeMaxLength);
  assert.equal(storyRequestSchema.safeParse({ ...story, topic: longest }).success, true);
  assert.match(
    firstMessage(storyRequestSchema.safeParse({ ...story, topic: `${longest}k` })) ?? '',
    /^topic must be at most 200 characters/,
  );
  assert.match(
    firstMessage(storyRequestSchema.safeParse({ ...story, topic: '   ' })) ?? '',
    /^topic is required/,
  );
});

test('a streamed WAV or MP3 result leaves its file out; every other answer keeps it', () => {
  assert.deepEqual(
    OUTPUT_FORMATS.filter((format) => !streamedResultCarriesFile(format)),
    ['mp3', 'wav'],
  );
  const about = { format: 'wav', mediaType: 'audio/wav', durationSeconds: 2, engine: 'Kokoro' };
  const streamed = { success: true, data: about };
  assert.equal(streamedSpeechResultSchema.safeParse(streamed).success, true);
  assert.equal(textToSpeechResponseSchema.safeParse(streamed).success, false);
  // The page reads it, and makes the file from the pieces it played.
  assert.deepEqual(spokenAudioAnswerSchema.parse(streamed), { format: 'wav' });
  assert.equal(spokenAudioAnswerSchema.safeParse({ audioBase64: '' }).success, false);
});
