/**
 * The writers' quality points (ADR 029), checked on a writer's answer: what the benchmark reports
 * per writer and language. Heuristics a reader can verify by eye, not a grade.
 */
import {
  SPOKEN_WORDS_PER_MINUTE,
  STORY_LANGUAGES,
  type Platform,
  type StoryLanguage,
} from '@ai-tools/contracts';
import { countWords } from '../src/writers/writing.ts';

export type Quality = Record<string, string | number | boolean>;

const LOCALES: Partial<Record<StoryLanguage, string>> = { English: 'en', Hindi: 'hi' };
/** Letters of the script a language is written in. */
const SCRIPT_LETTERS: Partial<Record<StoryLanguage, RegExp>> = {
  English: /\p{Script=Latin}/gu,
  Hindi: /\p{Script=Devanagari}/gu,
};

/** Phrases of the prompts that must never come back in an answer. */
const INSTRUCTION_ECHOES =
  /word budget|platform conventions|spoken words in the voice-over|audience: |tone: |length: \d+ words|write everything, the title included|answer with the|no markdown/i;
const PREAMBLE = /^(?:sure|certainly|of course|okay|here(?:'s| is| are)|below is)\b/i;
const CLOSING_CHATTER =
  /(?:let me know|i hope you|feel free|would you like|happy (?:reading|writing))/i;
const CALLS_TO_ACTION: Record<Platform, RegExp> = {
  YouTube: /subscribe|like|comment/i,
  Instagram: /save|share|follow|comment/i,
  FaceBook: /share|comment|follow/i,
  SnapChat: /subscribe|send|share/i,
};

function letters(text: string): number {
  return (text.match(/[\p{L}\p{M}]/gu) ?? []).length;
}

/** The share of sentences that repeat an earlier one word for word: loops show up here. */
export function repeatedSentenceShare(text: string): number {
  const sentences = text
    .split(/(?<=[.!?।])\s+|\n+/)
    .map((sentence) => sentence.trim().toLowerCase())
    .filter((sentence) => countWords(sentence) >= 4);
  if (sentences.length === 0) return 0;
  const seen = new Set<string>();
  let repeats = 0;
  for (const sentence of sentences) {
    if (seen.has(sentence)) repeats += 1;
    seen.add(sentence);
  }
  return Number((repeats / sentences.length).toFixed(2));
}

function commonPoints(text: string): Quality {
  return {
    'echoes instructions': INSTRUCTION_ECHOES.test(text),
    'repeated sentences': repeatedSentenceShare(text),
  };
}

/** The words read aloud: what follows a "Voiceover" label, up to the next label or heading. */
export function spokenWords(script: string): number {
  let spoken = '';
  let inVoiceover = false;
  for (const line of script.split('\n')) {
    const label = /^\W*(voice[- ]?over|narrator|v\.?o\.?|spoken)\b[^:]*:\W*(.*)$/i.exec(line);
    if (label) {
      inVoiceover = true;
      spoken += ` ${label[2]}`;
    } else if (/^\s*(?:#|\*\*|[-*]\s*\*\*|\w[\w /-]{0,20}:)/.test(line)) {
      inVoiceover = false;
    } else if (inVoiceover) {
      spoken += ` ${line}`;
    }
  }
  return countWords(spoken.replace(/[*_"“”]/g, ''));
}

export function scriptQuality(script: string, durationMinutes: number, platform: Platform) {
  const target = Math.round(durationMinutes * SPOKEN_WORDS_PER_MINUTE);
  const spoken = spokenWords(script);
  const lines = script.split('\n').filter((line) => line.trim() !== '');
  const ending = script.slice(Math.floor(script.length * 0.7));
  return {
    'spoken words (target)': `${spoken} (${target})`,
    'within 25% of the target': Math.abs(spoken - target) <= target * 0.25,
    'title (H1)': lines.filter((line) => /^# /.test(line)).length === 1,
    'hook first': /hook/i.test(lines.slice(0, 3).join(' ')),
    'on-screen/B-roll cues': (script.match(/on-screen|b-roll|text on screen|visual/gi) ?? [])
      .length,
    'call to action for the platform': CALLS_TO_ACTION[platform].test(ending),
    ...commonPoints(script),
  } satisfies Quality;
}

export function blogQuality(post: string, keywords: string[]) {
  const lines = post.split('\n');
  const h2 = lines.filter((line) => /^## /.test(line));
  const sections = post.split(/^## /m).slice(1);
  const firstH2 = lines.findIndex((line) => /^## /.test(line));
  const intro = lines
    .slice(0, firstH2 < 0 ? lines.length : firstH2)
    .filter((line) => line.trim() !== '' && !/^#|meta description/i.test(line));
  return {
    words: countWords(post),
    '600 words or more': countWords(post) >= 600,
    'one H1': lines.filter((line) => /^# /.test(line)).length === 1,
    'meta description': /meta description/i.test(post),
    introduction: intro.length > 0,
    'H2 sections': h2.length,
    'sections with bullets': sections.filter((section) => /^\s*[-*] /m.test(section)).length,
    conclusion: h2.some((line) => /conclusion|final thoughts|wrap/i.test(line)),
    'on topic': keywords.every((keyword) => post.toLowerCase().includes(keyword)),
    ...commonPoints(post),
  } satisfies Quality;
}

/** Where the visitor's keywords landed: the main one in the title, every one anywhere. */
export function keywordCoverage(post: string, keywords: string[]) {
  const title =
    post
      .split('\n')
      .find((line) => /^# /.test(line))
      ?.toLowerCase() ?? '';
  const text = post.toLowerCase();
  const [main = ''] = keywords;
  return {
    'main keyword in the title': title.includes(main.toLowerCase()),
    'keywords used': `${keywords.filter((keyword) => text.includes(keyword.toLowerCase())).length} of ${keywords.length}`,
  } satisfies Quality;
}

export function storyQuality(
  story: string,
  language: StoryLanguage,
  targetWords: number,
  keywords: string[],
) {
  if (!STORY_LANGUAGES.includes(language)) throw new Error(`unknown language ${language}`);
  const words = countWords(story, LOCALES[language] ?? 'en');
  const inScript = (story.match(SCRIPT_LETTERS[language] ?? /\p{L}/gu) ?? []).length;
  const firstLine = story.split('\n')[0] ?? '';
  const lastParagraph =
    story
      .trim()
      .split(/\n{2,}/)
      .at(-1) ?? '';
  return {
    'words (target)': `${words} (${targetWords})`,
    'within 15%': Math.abs(words - targetWords) <= targetWords * 0.15,
    'letters in the script': `${Math.round((100 * inScript) / Math.max(1, letters(story)))}%`,
    'theme present': keywords.some((keyword) => story.toLowerCase().includes(keyword)),
    'no preamble': !PREAMBLE.test(firstLine),
    'no closing chatter': !CLOSING_CHATTER.test(lastParagraph),
    ...commonPoints(story),
  } satisfies Quality;
}
