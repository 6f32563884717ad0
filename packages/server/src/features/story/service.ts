/**
 * The story writer: a prompt from every option of the request, plain-text cleaning (the story page
 * shows text as it is), and a length check that continues or trims the story at a sentence
 * boundary until it is within 15% of the requested word count.
 */
import { STORY_CUSTOM_THEME, type StoryLanguage, type StoryRequest } from '@ai-tools/contracts';
import {
  cleanModelOutput,
  collectText,
  countWords,
  dropUnfinishedSentence,
  endsWithFinishedSentence,
  requireText,
  trimToSentences,
  WritingTooSlowError,
  type WriterContext,
} from '../../writers/writing.ts';
import { markdownToPlainText } from '../../text/markdown.ts';

/** How far from the requested length a story may land. */
const STORY_LENGTH_TOLERANCE = 0.15;
/** Continuations asked for when a story comes back short; each costs a full generation. */
export const STORY_MAX_CONTINUATIONS = 3;

interface LanguageProfile {
  /** For counting words and finding sentences with ICU. */
  locale: string;
  /** The writing system to use, where a model might pick another one. */
  script?: string;
  /** Tokens per word in common model vocabularies: English is cheap, Indic scripts are not. */
  tokensPerWord: number;
  /** Writers of Chinese and Japanese think in characters, not words. */
  charactersPerWord?: number;
  /**
   * The script's letters as GBNF character ranges: the grammar lets the model write only these
   * (besides digits, spaces and punctuation), so a Hindi story is in Devanagari, not English.
   */
  letters?: string;
}

const DEVANAGARI = String.raw`\u0900-\u097F`;
const DANDA = String.raw`\u0964-\u0965`;
const CJK_PUNCTUATION = String.raw`\u3000-\u303F\uFF01-\uFF5E`;
const HAN = String.raw`\u3400-\u4DBF\u4E00-\u9FFF`;

const LANGUAGE_PROFILES: Record<StoryLanguage, LanguageProfile> = {
  English: { locale: 'en', tokensPerWord: 1.5 },
  Hindi: { locale: 'hi', script: 'Devanagari', tokensPerWord: 5, letters: DEVANAGARI },
  Marathi: { locale: 'mr', script: 'Devanagari', tokensPerWord: 5, letters: DEVANAGARI },
  Gujarati: {
    locale: 'gu',
    script: 'Gujarati',
    tokensPerWord: 6,
    letters: String.raw`\u0A80-\u0AFF${DANDA}`,
  },
  Bengali: {
    locale: 'bn',
    script: 'Bengali',
    tokensPerWord: 6,
    letters: String.raw`\u0980-\u09FF${DANDA}`,
  },
  Tamil: { locale: 'ta', script: 'Tamil', tokensPerWord: 8, letters: String.raw`\u0B80-\u0BFF` },
  Telugu: { locale: 'te', script: 'Telugu', tokensPerWord: 8, letters: String.raw`\u0C00-\u0C7F` },
  Kannada: {
    locale: 'kn',
    script: 'Kannada',
    tokensPerWord: 8,
    letters: String.raw`\u0C80-\u0CFF`,
  },
  Malayalam: {
    locale: 'ml',
    script: 'Malayalam',
    tokensPerWord: 8,
    letters: String.raw`\u0D00-\u0D7F`,
  },
  Punjabi: {
    locale: 'pa',
    script: 'Gurmukhi',
    tokensPerWord: 6,
    letters: String.raw`\u0A00-\u0A7F${DANDA}`,
  },
  Urdu: {
    locale: 'ur',
    script: 'Urdu (Perso-Arabic)',
    tokensPerWord: 3.5,
    letters: String.raw`\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF`,
  },
  Nepali: { locale: 'ne', script: 'Devanagari', tokensPerWord: 5, letters: DEVANAGARI },
  Sanskrit: { locale: 'sa', script: 'Devanagari', tokensPerWord: 6, letters: DEVANAGARI },
  Spanish: { locale: 'es', tokensPerWord: 2.2 },
  French: { locale: 'fr', tokensPerWord: 2.2 },
  German: { locale: 'de', tokensPerWord: 2.2 },
  Italian: { locale: 'it', tokensPerWord: 2.2 },
  Portuguese: { locale: 'pt', tokensPerWord: 2.2 },
  Russian: {
    locale: 'ru',
    script: 'Cyrillic',
    tokensPerWord: 3,
    letters: String.raw`\u0400-\u04FF`,
  },
  Japanese: {
    locale: 'ja',
    tokensPerWord: 3,
    charactersPerWord: 2,
    letters: String.raw`\u3040-\u30FF${HAN}${CJK_PUNCTUATION}`,
  },
  Korean: {
    locale: 'ko',
    script: 'Hangul',
    tokensPerWord: 3.5,
    letters: String.raw`\uAC00-\uD7A3\u1100-\u11FF\u3130-\u318F`,
  },
  'Chinese (Simplified)': {
    locale: 'zh',
    script: 'Simplified Chinese characters',
    tokensPerWord: 2.5,
    charactersPerWord: 1.6,
    letters: `${HAN}${CJK_PUNCTUATION}`,
  },
  Arabic: {
    locale: 'ar',
    script: 'Arabic',
    tokensPerWord: 3.5,
    letters: String.raw`\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF`,
  },
  Turkish: { locale: 'tr', tokensPerWord: 2.5 },
  Indonesian: { locale: 'id', tokensPerWord: 2.2 },
  'Filipino (Tagalog)': { locale: 'fil', tokensPerWord: 2.5 },
  Swahili: { locale: 'sw', tokensPerWord: 2.5 },
};

/**
 * For a language with its own script, what a story may be made of, as GBNF: a title line, a blank
 * line, and lines of text in that script only (digits, spaces and punctuation are free), so a
 * Hindi story is in Devanagari and never drifts into English. Latin-script languages need none:
 * a grammar there only pushes a small model into odd line breaks, and the cleaning removes any
 * markdown.
 */
export function storyGrammar(profile: LanguageProfile, withTitle: boolean): string | undefined {
  if (!profile.letters) return undefined;
  return [
    `root ::= ${withTitle ? 'line "\\n\\n" ' : ''}line ("\\n" "\\n"? line)*`,
    'line ::= character+',
    String.raw`character ::= [${profile.letters} !"'(),.:;?0-9\u2013\u2014\u2018-\u201D\u2026\u200C\u200D-]`,
  ].join('\n');
}

/** A short title line may come on top of the story's own words. */
const TITLE_TOKENS = 32;

const STORY_PROMPTS = {
  system: [
    'You are a skilled storyteller who writes original stories.',
    'Answer with the story only: a short title on the first line, a blank line, then the story in paragraphs separated by blank lines.',
    'Plain text only: no markdown, no asterisks, no # marks, no bullet lists, and no notes or questions before or after the story.',
    'Give the story a clear beginning, middle and ending, and finish the last sentence.',
    'Keep to the requested length.',
  ].join('\n'),
  continuationSystem: [
    'You continue stories written by someone else, in the same language, script, tone and style.',
    'Answer with the continuation only, in plain text: no title, no markdown, no notes, and do not repeat what is already written.',
  ].join('\n'),
};

export function storyPrompt(request: StoryRequest): { system: string; prompt: string } {
  const { language, storyType, audience, tone, storyLength } = request;
  const profile = LANGUAGE_PROFILES[language];
  const { theme, details } = themeOf(request);
  const lines = [
    `Write a ${storyType} story in ${language}.`,
    `Audience: ${audience}. Choose words, sentence length and content that suit this audience.`,
    `Tone: ${tone}.`,
    theme
      ? `Theme: ${theme}.`
      : 'Theme: choose an original theme that suits the story type and the audience.',
  ];
  if (details) lines.push(`The visitor's own details to build the story on: ${details}`);
  lines.push(
    `Length: ${storyLength} words (between ${lowerBound(storyLength)} and ${upperBound(storyLength)})${charactersHint(profile, storyLength)}.`,
    `Write everything, the title included, in ${language}${profile.script ? `, in ${profile.script} script` : ''}.`,
  );
  return { system: STORY_PROMPTS.system, prompt: lines.join('\n') };
}

/**
 * The first theme means "my own idea": the visitor's additional info is the theme. The page fills
 * the additional info with the chosen theme's name until the visitor edits it, so a copy of a
 * theme name is not treated as extra detail.
 */
function themeOf(request: StoryRequest): { theme?: string; details?: string } {
  const info = request.additionalInfo.trim();
  const infoIsOwnText = info !== '' && info !== STORY_CUSTOM_THEME && info !== request.topic;
  if (request.topic === STORY_CUSTOM_THEME) {
    return infoIsOwnText ? { theme: info } : {};
  }
  return infoIsOwnText ? { theme: request.topic, details: info } : { theme: request.topic };
}

function charactersHint(profile: LanguageProfile, words: number): string {
  if (!profile.charactersPerWord) return '';
  return `, that is about ${Math.round(words * profile.charactersPerWord)} characters`;
}

function lowerBound(words: number) {
  return Math.ceil(words * (1 - STORY_LENGTH_TOLERANCE));
}

function upperBound(words: number) {
  return Math.floor(words * (1 + STORY_LENGTH_TOLERANCE));
}

function maxTokensFor(words: number, profile: LanguageProfile): number {
  return Math.ceil(words * profile.tokensPerWord) + TITLE_TOKENS;
}

function cleanStory(raw: string): string {
  return markdownToPlainText(cleanModelOutput(raw));
}

export interface StoryResult {
  story: string;
  wordCount: number;
}

export async function writeStory(
  request: StoryRequest,
  context: WriterContext,
): Promise<StoryResult> {
  const profile = LANGUAGE_PROFILES[request.language];
  const { locale } = profile;
  const target = request.storyLength;
  const lower = lowerBound(target);
  const upper = upperBound(target);

  const { system, prompt } = storyPrompt(request);
  let story = cleanStory(
    await collectText(
      context,
      {
        system,
        prompt,
        maxTokens: maxTokensFor(upper, profile),
        temperature: 0.8,
        grammar: storyGrammar(profile, true),
      },
      { keepTextAtDeadline: true },
    ),
  );
  requireText(story, 'story');

  for (let continuations = 0; ; continuations += 1) {
    const words = countWords(story, locale);
    if (words > upper) {
      story = trimToSentences(story, upper, locale);
      break;
    }
    if (words >= lower) {
      if (endsWithFinishedSentence(story)) break;
      // It ran out of tokens mid-sentence: drop the fragment if the rest is long enough.
      const whole = dropUnfinishedSentence(story, locale);
      if (countWords(whole, locale) >= lower) {
        story = whole;
        break;
      }
    }
    if (continuations >= STORY_MAX_CONTINUATIONS) {
      story = dropUnfinishedSentence(story, locale);
      break;
    }

    const continuation = await continueStory(story, target - words, request.language, context);
    if (continuation === undefined) {
      story = dropUnfinishedSentence(story, locale);
      break;
    }
    story = joinContinuation(story, continuation, locale);
  }

  return { story, wordCount: countWords(story, locale) };
}

/** Words of the story kept in a continuation prompt: the opening for the plot, the end to go on. */
const CONTINUATION_OPENING_WORDS = 80;
const CONTINUATION_ENDING_WORDS = 300;

/**
 * Asks for the next part of a short story. Returns undefined when there is no time left for it or
 * nothing came back: the story written so far is then the answer.
 */
async function continueStory(
  story: string,
  missingWords: number,
  language: StoryLanguage,
  context: WriterContext,
): Promise<string | undefined> {
  const profile = LANGUAGE_PROFILES[language];
  const wanted = Math.max(missingWords, 30);
  const prompt = [
    `Here is a story in ${language} that stops too early:`,
    '',
    excerptForContinuation(story, profile.locale),
    '',
    endsWithFinishedSentence(story)
      ? `Continue it from where it stops with about ${wanted} more words${charactersHint(profile, wanted)}, and bring it to a satisfying ending.`
      : `Continue it from the exact point where it stops (finish the unfinished sentence first) with about ${wanted} more words${charactersHint(profile, wanted)}, and bring it to a satisfying ending.`,
  ].join('\n');
  // The streamed preview goes on where the story stops, as joinContinuation will join it.
  context.onText?.(endsWithFinishedSentence(story) ? '\n\n' : ' ');
  try {
    const raw = await collectText(context, {
      system: STORY_PROMPTS.continuationSystem,
      prompt,
      maxTokens: maxTokensFor(Math.ceil(wanted * (1 + STORY_LENGTH_TOLERANCE)), profile),
      temperature: 0.8,
      grammar: storyGrammar(profile, false),
    });
    const continuation = cleanStory(raw);
    return continuation === '' ? undefined : continuation;
  } catch (error) {
    if (error instanceof WritingTooSlowError) return undefined;
    throw error;
  }
}

function excerptForContinuation(story: string, locale: string): string {
  const words = countWords(story, locale);
  if (words <= CONTINUATION_OPENING_WORDS + CONTINUATION_ENDING_WORDS) return story;
  const segments = Array.from(new Intl.Segmenter(locale, { granularity: 'word' }).segment(story));
  const wordSegments = segments.filter((segment) => segment.isWordLike);
  const openingEnd = wordSegments[CONTINUATION_OPENING_WORDS - 1];
  const endingStart = wordSegments[words - CONTINUATION_ENDING_WORDS];
  if (!openingEnd || !endingStart) return story;
  const opening = story.slice(0, openingEnd.index + openingEnd.segment.length);
  return `${opening} […]\n\n[…] ${story.slice(endingStart.index)}`;
}

/** Writing systems that put no space between words or sentences. */
const NO_SPACE_LOCALES = new Set(['zh', 'ja']);

/**
 * Adds a continuation to a story. Models sometimes repeat the title or the last words before going
 * on; those repeats are dropped.
 */
export function joinContinuation(story: string, continuation: string, locale: string): string {
  let addition = continuation.trim();
  const title = story.split('\n')[0]?.trim();
  if (title && addition.startsWith(`${title}\n`)) addition = addition.slice(title.length).trim();
  if (addition.startsWith(story.trim())) addition = addition.slice(story.trim().length).trim();
  const tail = story.trimEnd();
  for (let length = Math.min(200, tail.length, addition.length); length >= 12; length -= 1) {
    if (addition.startsWith(tail.slice(-length))) {
      addition = addition.slice(length).trim();
      break;
    }
  }
  if (addition === '') return story;
  if (endsWithFinishedSentence(story)) return `${story.trimEnd()}\n\n${addition}`;
  const separator = NO_SPACE_LOCALES.has(locale) ? '' : ' ';
  return `${story.trimEnd()}${separator}${addition}`;
}
