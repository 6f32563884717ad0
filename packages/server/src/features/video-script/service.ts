/**
 * The video script writer: a prompt from the topic, platform, duration and the visitor's idea,
 * with the platform's conventions and a spoken-word budget for the duration. The script page
 * renders markdown, so the script keeps its markdown.
 */
import {
  SCRIPT_LABELS,
  SCRIPT_TOPICS,
  type Platform,
  type VideoScriptRequest,
} from '@ai-tools/contracts';
import {
  cleanModelOutput,
  collectText,
  requireText,
  type WriterContext,
} from '../../writers/writing.ts';

/** A relaxed speaking pace for voice-over: 0.15 minutes (9 seconds) is about 22 words. */
export const SPOKEN_WORDS_PER_MINUTE = 150;
/** Characters per spoken English word, its space and punctuation included. */
const CHARACTERS_PER_WORD = 6;
/** How far one section's voice-over may stray from its share of the words. */
const VOICEOVER_SHORTEST = 0.75;
const VOICEOVER_LONGEST = 1.15;
/** The on-screen text and B-roll cues, in characters. */
const CUE_LONGEST = 120;
/** English markdown runs at about 3.5 characters per token; the guard has room to spare. */
const CHARACTERS_PER_TOKEN = 3;

/** What works on each platform, as its creators would brief a writer. */
const PLATFORM_CONVENTIONS: Record<Platform, string> = {
  FaceBook:
    'Facebook feed video: most people watch with the sound off, so burned-in captions and bold on-screen text carry the message. Square (1:1) or vertical (4:5) framing. Hook in the first 3 seconds with a relatable problem or a surprising fact. A warm, conversational, share-worthy tone. Call to action: comment, share with a friend, or follow the Page.',
  YouTube:
    'YouTube: a vertical (9:16) YouTube Short for a minute or less, otherwise a 16:9 video. Hook in the first 5 seconds that promises what the viewer will get, then deliver it with fast pacing and pattern interrupts (a cut, a zoom, a new visual every few seconds). Call to action: subscribe, like, and comment with a question for the viewer.',
  Instagram:
    'Instagram Reel: vertical 9:16, hook in the first 1 to 2 seconds with bold on-screen text, quick cuts, captions on screen, music-friendly pacing, and a loop-friendly ending. Call to action: save the Reel, share it, follow, or comment a keyword.',
  SnapChat:
    'Snapchat Spotlight or Story: vertical 9:16, hook in the very first second, casual selfie-style delivery straight to the camera, authentic rather than polished, big captions, quick jump cuts. Call to action: subscribe, or send it to a friend.',
};

const VIDEO_SCRIPT_PROMPTS = {
  system: [
    'You are an experienced short-form video scriptwriter.',
    'Answer with the script only, in markdown, with no note before or after it:',
    '- a title as a level-1 heading;',
    `- then each section of the plan in order, headed with its name and timestamps as a level-2 heading, such as ## Hook (0:00-0:03), with three bullets: **${SCRIPT_LABELS.voiceover}:** the words spoken, **${SCRIPT_LABELS.onScreenText}:** the words shown, **${SCRIPT_LABELS.bRoll}:** what the viewer sees;`,
    '- the hook grabs attention in its first words; the last section is the call to action that fits the platform.',
    "Each section's voice-over has about the number of words the plan gives it, so the script fits its duration when read aloud.",
  ].join('\n'),
};

export interface ScriptSection {
  name: string;
  fromSecond: number;
  toSecond: number;
  /** Spoken words that fit the section at SPOKEN_WORDS_PER_MINUTE. */
  words: number;
}

/**
 * The plan of a script: a hook, one to three points, and a call to action, with timestamps that
 * add up to the duration and each section's share of the spoken words.
 */
export function scriptSections(durationMinutes: number): ScriptSection[] {
  const seconds = Math.round(durationMinutes * 60);
  const hookEnd = clamp(Math.round(seconds * 0.15), 3, 8);
  const callToActionStart = seconds - clamp(Math.round(seconds * 0.15), 3, 10);
  const middle = callToActionStart - hookEnd;
  const points = middle <= 15 ? 1 : middle <= 45 ? 2 : 3;
  const bounds = [0, hookEnd];
  for (let point = 1; point < points; point += 1) {
    bounds.push(hookEnd + Math.round((middle * point) / points));
  }
  bounds.push(callToActionStart, seconds);
  const names = [
    'Hook',
    ...(points === 1 ? ['Main point'] : Array.from({ length: points }, (_, i) => `Point ${i + 1}`)),
    'Call to action',
  ];
  return names.map((name, index) => {
    const fromSecond = bounds[index] ?? 0;
    const toSecond = bounds[index + 1] ?? seconds;
    const words = Math.max(4, Math.round(((toSecond - fromSecond) * SPOKEN_WORDS_PER_MINUTE) / 60));
    return { name, fromSecond, toSecond, words };
  });
}

function clamp(value: number, lowest: number, highest: number) {
  return Math.min(highest, Math.max(lowest, value));
}

function sectionHeading(section: ScriptSection) {
  return `${section.name} (${formatSeconds(section.fromSecond)}-${formatSeconds(section.toSecond)})`;
}

function voiceoverCharacters(section: ScriptSection) {
  const characters = section.words * CHARACTERS_PER_WORD;
  return {
    shortest: Math.max(12, Math.round(characters * VOICEOVER_SHORTEST)),
    longest: Math.round(characters * VOICEOVER_LONGEST) + 10,
  };
}

/**
 * The script's shape as a grammar (llama.cpp GBNF): the title, then every section of the plan
 * with its fixed heading and timestamps, and a voice-over whose length in characters fits the
 * section's share of the words. Even a small model then writes a script that fits its duration.
 */
export function videoScriptGrammar(sections: ScriptSection[]): string {
  const rules = sections.map((section, index) => {
    const { shortest, longest } = voiceoverCharacters(section);
    return (
      `section${index} ::= "## ${sectionHeading(section)}\\n\\n- **${SCRIPT_LABELS.voiceover}:** " ` +
      `spoken{${shortest},${longest}} "\\n- **${SCRIPT_LABELS.onScreenText}:** " cue "\\n- **${SCRIPT_LABELS.bRoll}:** " cue "\\n\\n"`
    );
  });
  return [
    `root ::= "# " title "\\n\\n" ${sections.map((_, index) => `section${index}`).join(' ')}`,
    ...rules,
    'title ::= [^\\n#*] [^\\n#*]{4,70}',
    `cue ::= [^\\n#*] [^\\n#*]{4,${CUE_LONGEST}}`,
    // Words to be read aloud: no emoji, which a model pads a long voice-over with.
    String.raw`spoken ::= [^\n*#\U0001F000-\U0001FFFF\u2600-\u27BF\uFE0F\u200D]`,
  ].join('\n');
}

function spokenWordBudget(durationMinutes: number): number {
  return Math.max(15, Math.round(durationMinutes * SPOKEN_WORDS_PER_MINUTE));
}

function formatSeconds(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = Math.round(totalSeconds % 60);
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

export function videoScriptPrompt(request: VideoScriptRequest): { system: string; prompt: string } {
  const { topic, platform, duration } = request;
  const seconds = Math.round(duration * 60);
  const words = spokenWordBudget(duration);
  const idea = request.additionalInfo.trim();
  const sampleIdea = SCRIPT_TOPICS.find((entry) => entry.name === topic)?.sampleIdea;
  const lines = [
    `Write a ${platform} video script on the topic "${topic}".`,
    idea
      ? `The creator's idea and details: ${idea}`
      : `The creator gave no specific idea: choose one concrete, fresh angle on the topic${sampleIdea ? ` (for example: "${sampleIdea}")` : ''}.`,
    `Duration: ${seconds} seconds (0:00 to ${formatSeconds(seconds)}); the last timestamp ends at ${formatSeconds(seconds)}.`,
    `Word budget: about ${words} spoken words in the voice-over in all, never more than ${Math.round(words * 1.1)}.`,
    'Plan:',
    ...scriptSections(duration).map(
      (section) => `- ${sectionHeading(section)}: about ${section.words} spoken words`,
    ),
    `Platform conventions: ${PLATFORM_CONVENTIONS[platform]}`,
  ];
  return { system: VIDEO_SCRIPT_PROMPTS.system, prompt: lines.join('\n') };
}

/** The longest script the grammar allows, in tokens: a guard, the grammar ends the script. */
export function videoScriptMaxTokens(durationMinutes: number): number {
  const characters = scriptSections(durationMinutes).reduce(
    (sum, section) => sum + voiceoverCharacters(section).longest + 2 * CUE_LONGEST + 60,
    80,
  );
  return Math.ceil(characters / CHARACTERS_PER_TOKEN);
}

export async function writeVideoScript(
  request: VideoScriptRequest,
  context: WriterContext,
): Promise<string> {
  const { system, prompt } = videoScriptPrompt(request);
  const raw = await collectText(context, {
    system,
    prompt,
    maxTokens: videoScriptMaxTokens(request.duration),
    temperature: 0.7,
    grammar: videoScriptGrammar(scriptSections(request.duration)),
  });
  return requireText(cleanModelOutput(raw), 'script');
}
