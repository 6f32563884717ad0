/**
 * The video script writer. The plan is fixed first: the sections (hook, points, call to action)
 * with timestamps that add up to the duration and each one's share of the spoken words at
 * SPOKEN_WORDS_PER_MINUTE; then the model writes a title and a one-line angle per section, and
 * each section against them, checked as it is done (writers/drafting.ts). The script page renders
 * markdown, so the script is markdown.
 */
import {
  SCRIPT_LABELS,
  SCRIPT_TOPICS,
  DRAFT_PROBLEM_MESSAGES,
  SPOKEN_WORDS_PER_MINUTE,
  type Platform,
  type VideoScriptRequest,
} from '@ai-tools/contracts';
import {
  checkDraft,
  spokenText,
  type DraftExpectations,
  type DraftProblem,
} from '../../writers/draft-check.ts';
import {
  DraftStream,
  DraftTally,
  writeDraftInTurn,
  UNREADABLE_PLAN,
  requirePlan,
  writeCheckedPart,
  type Draft,
} from '../../writers/drafting.ts';
import { headingRules, proseRules, sentences } from '../../writers/grammar.ts';
import { languageOfProfile, profileOfText, type LanguageProfile } from '../../writers/languages.ts';
import {
  capitalised,
  cleanModelOutput,
  closeOpenQuotes,
  countWords,
  fitHeading,
  planNotes,
  removeOtherLanguages,
  removeRepeatedSentences,
  removeSentencesOf,
  splitSentences,
  trimToSentences,
  visitorText,
  type WriterContext,
} from '../../writers/writing.ts';

/** How far one section's voice-over may stray from its share of the words before a rewrite. */
const SECTION_WORDS_SHORTEST = 0.7;
const SECTION_WORDS_LONGEST = 1.3;

/**
 * What works on each platform, as its creators would brief a writer. The small model copies these
 * words into the script ("Save the Reel, share it, follow us, or comment a keyword."), so each call
 * to action reads well when it is copied.
 */
const PLATFORM_CONVENTIONS: Record<Platform, string> = {
  FaceBook:
    'Facebook feed video: most people watch with the sound off, so burned-in captions and bold on-screen text carry the message. Square (1:1) or vertical (4:5) framing. Hook in the first 3 seconds with a relatable problem or a surprising fact. A warm, conversational, share-worthy tone. Call to action: ask viewers to comment, share the video with a friend or follow the Page.',
  YouTube:
    'YouTube: a vertical (9:16) YouTube Short for a minute or less, otherwise a 16:9 video. Hook in the first 5 seconds that promises what the viewer will get, then deliver it with fast pacing and pattern interrupts (a cut, a zoom, a new visual every few seconds). Call to action: ask viewers to subscribe, like the video and say in the comments what they think.',
  Instagram:
    'Instagram Reel: vertical 9:16, hook in the first 1 to 2 seconds with bold on-screen text, quick cuts, captions on screen, music-friendly pacing, and a loop-friendly ending. Call to action: ask viewers to save the Reel, share it with a friend and follow for more.',
  SnapChat:
    'Snapchat Spotlight or Story: vertical 9:16, hook in the very first second, casual selfie-style delivery straight to the camera, authentic rather than polished, big captions, quick jump cuts. Call to action: ask viewers to subscribe or send the video to a friend.',
};

const PLANNER_SYSTEM = [
  'You are an experienced short-form video scriptwriter who plans scripts.',
  'You answer with the plan only, in the labelled lines asked for.',
].join('\n');

const WRITER_SYSTEM = [
  'You are an experienced short-form video scriptwriter. You write one section of a script at a time, following its plan.',
  `Each section has three lines: ${SCRIPT_LABELS.voiceover} (the words the narrator says, in whole sentences), ${SCRIPT_LABELS.onScreenText} (two to six words shown on screen, not a sentence) and ${SCRIPT_LABELS.bRoll} (one sentence for the video editor: the shot the viewer sees, who or what is on screen and how it is filmed).`,
  'The voice-over has the number of words asked for, so the video fits its duration when it is read aloud.',
].join('\n');

export interface ScriptSection {
  name: string;
  fromSecond: number;
  toSecond: number;
  /** Spoken words that fit the section at SPOKEN_WORDS_PER_MINUTE. */
  words: number;
}

/**
 * The plan of a script: a hook, one to three points, and a call to action, with timestamps that
 * add up to the duration and each section's share of the spoken words. A video too short for a
 * point of its own has a hook and a call to action.
 */
export function scriptSections(durationMinutes: number): ScriptSection[] {
  const seconds = Math.round(durationMinutes * 60);
  // A hook and a call to action are a sentence each at least: 3 s of 8 words got 11 to 19 and
  // the 15-second scripts read for 17 to 18 s.
  const hookEnd = clamp(Math.round(seconds * 0.15), SHORTEST_SECTION_SECONDS, 8);
  const callToActionStart =
    seconds - clamp(Math.round(seconds * 0.15), SHORTEST_SECTION_SECONDS, 10);
  const middle = callToActionStart - hookEnd;
  if (middle < SHORTEST_SECTION_SECONDS) {
    // A 9-second video: a hook that makes its point, and a call to action.
    const half = Math.floor(seconds / 2);
    return [section('Hook', 0, half), section('Call to action', half, seconds)];
  }
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
  return names.map((name, index) =>
    section(name, bounds[index] ?? 0, bounds[index + 1] ?? seconds),
  );
}

/**
 * The fewest seconds a section needs: about one spoken sentence. The model's sentences have 10 to
 * 13 words (4 to 5 s); three sections of 3 s each (a hook, a point and a call to action in 9 s)
 * each got a whole sentence, and the script read for 12 s.
 */
const SHORTEST_SECTION_SECONDS = 4;

/** The fewest spoken words a section is asked for, whatever its seconds or what it carries. */
const SECTION_LEAST_WORDS = 4;

function section(name: string, fromSecond: number, toSecond: number): ScriptSection {
  const words = Math.max(
    SECTION_LEAST_WORDS,
    Math.round(((toSecond - fromSecond) * SPOKEN_WORDS_PER_MINUTE) / 60),
  );
  return { name, fromSecond, toSecond, words };
}

/**
 * A section's share of the words with what the section before it said too little or too much:
 * a hook of 5 words for its 8 leaves 3 more to the next section, so the script still reads for
 * its duration, as a writer keeps to time. Half the section's own share at most either way, so
 * one long-winded section does not leave the call to action nothing.
 */
export function withCarriedWords(section: ScriptSection, carried: number): ScriptSection {
  const words = clamp(
    section.words + carried,
    Math.max(SECTION_LEAST_WORDS, Math.ceil(section.words * 0.5)),
    Math.ceil(section.words * 1.5),
  );
  return { ...section, words };
}

function spokenSentences(count: number): string {
  return count === 1 ? 'one sentence' : `${count} sentences`;
}

function clamp(value: number, lowest: number, highest: number) {
  return Math.min(highest, Math.max(lowest, value));
}

function sectionHeading(section: ScriptSection) {
  return `${section.name} (${formatSeconds(section.fromSecond)}-${formatSeconds(section.toSecond)})`;
}

function formatSeconds(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = Math.round(totalSeconds % 60);
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

interface ScriptBrief {
  request: VideoScriptRequest;
  idea: string;
  profile: LanguageProfile;
  sections: ScriptSection[];
}

function briefOf(request: VideoScriptRequest): ScriptBrief {
  const idea = visitorText(request.additionalInfo);
  return {
    request,
    idea,
    // The topics are the page's English names: the visitor's idea, when there is one, tells the
    // language.
    profile: profileOfText(idea || request.topic),
    sections: scriptSections(request.duration),
  };
}

function briefLines(brief: ScriptBrief): string[] {
  const { topic, platform, duration } = brief.request;
  const sampleIdea = SCRIPT_TOPICS.find((entry) => entry.name === topic)?.sampleIdea;
  const seconds = Math.round(duration * 60);
  return [
    // "To post on": told "A SnapChat video script", the model wrote about "SnapChat's AI tools".
    `A video script to post on ${platform}, on the topic "${topic}", ${seconds} seconds long. ${platform} is where it is posted, not what it is about.`,
    brief.idea
      ? `The creator's idea and details: ${brief.idea}`
      : `The creator gave no specific idea: choose one concrete, fresh angle on the topic${sampleIdea ? ` (for example: "${sampleIdea}")` : ''}.`,
    `Platform conventions: ${PLATFORM_CONVENTIONS[brief.request.platform]}`,
    'Sections:',
    ...brief.sections.map(
      (section) => `- ${sectionHeading(section)}: ${section.words} spoken words`,
    ),
  ];
}

export function videoScriptPlanPrompt(brief: ScriptBrief): string {
  return [
    ...briefLines(brief),
    '',
    'Plan the script: a title, then for each section one short sentence that says what it tells the viewer. The hook grabs attention; the last section is the call to action that fits the platform.',
    `Write in ${languageOfProfile(brief.profile)}.`,
  ].join('\n');
}

export function videoScriptPlanGrammar(brief: ScriptBrief): string {
  const lines = brief.sections.map((section) => `"${section.name}: " ${sentences(1)} "\\n"`);
  return [
    `root ::= "Title: " heading "\\n" ${lines.join(' ')}`,
    headingRules(brief.profile.writingSystem, 16),
    proseRules(brief.profile.writingSystem),
  ].join('\n');
}

/** The most words of a script's title: the part before its colon is kept when it runs longer. */
const TITLE_WORDS = 10;

export function parseScriptPlan(
  text: string,
  sections: ScriptSection[],
): { title: string; lines: string } | undefined {
  const title = /^Title: (.+)$/m.exec(text)?.[1]?.trim();
  const last = sections.at(-1);
  if (!title || !last || !text.includes(`\n${last.name}: `)) return undefined;
  return { title: fitHeading(title, TITLE_WORDS), lines: text.trim() };
}

/** What the plan says a section tells the viewer. */
function planLineOf(lines: string, section: ScriptSection): string {
  const prefix = `${section.name}: `;
  const line = lines.split('\n').find((candidate) => candidate.startsWith(prefix));
  return line?.slice(prefix.length).trim() ?? '';
}

/**
 * About how many words a spoken sentence of a short video has, which sets the sentences a
 * section asks for. Asked for one sentence per 11 words, the model wrote 6-word sentences and a
 * 30-second script read for 18 s.
 */
const WORDS_PER_SPOKEN_SENTENCE = 8;

/** How many sentences a section's voice-over has, asked for in the prompt and the grammar. */
export function voiceoverSentences(section: ScriptSection): number {
  return Math.max(1, Math.round(section.words / WORDS_PER_SPOKEN_SENTENCE));
}

/**
 * The most words a cue may have in the grammar. A bound the model reaches glues its next words
 * together ("toadopthealthyworkinghabits", "inthe" at 16 and at 24 words), so it is far above what
 * the prompt asks: the model ends its cue itself, and fitCues keeps the on-screen text short.
 */
const CUE_WORDS = 40;
/** The most words of on-screen text: a viewer reads it in a second or two. */
const ON_SCREEN_WORDS = 8;

/**
 * The fewest words, in characters at the language's length of a word, of a spoken sentence: a
 * call to action asked for 15 words said "Ready to boost your productivity? Here's how!" (7),
 * its second sentence a fragment that met the count of sentences and left the 9-second video
 * 6 s long.
 */
const SPOKEN_SENTENCE_WORDS = 4;

/**
 * A section's three lines as a grammar: a voice-over of whole sentences of a few words at least,
 * without quotes (it is read aloud), and two cues of whole words (no full stop: a cue is not a
 * speech). The voice-over has at least the sentences its words need, so the model does not stop
 * after one short sentence (a 30-second script read for 17 s), and a couple more at most: the
 * budget is kept by trimming whole sentences.
 */
export function videoScriptSectionGrammar(
  profile: LanguageProfile,
  section: ScriptSection,
): string {
  const least = voiceoverSentences(section);
  return [
    `root ::= "- **${SCRIPT_LABELS.voiceover}:** " ${sentences(least + 2, least)} "\\n- **${SCRIPT_LABELS.onScreenText}:** " heading "\\n- **${SCRIPT_LABELS.bRoll}:** " shotheading "\\n"`,
    headingRules(profile.writingSystem, CUE_WORDS),
    // A shot is described, never asked or exclaimed ("You get it, right?" was a B-roll line).
    headingRules(profile.writingSystem, CUE_WORDS, 'shot', { endMark: false }),
    proseRules(profile.writingSystem, {
      shortestSentence: SPOKEN_SENTENCE_WORDS * profile.charactersPerWord,
    }),
  ].join('\n');
}

/** The start of a section's line with its label: "- **On-screen text:** ". */
function labelled(label: string): string {
  return `- **${label}:** `;
}

/**
 * Keeps the voice-over within its words: whole sentences from its start, up to the section's
 * share (and a little more), so a model that says too much loses its last sentences, not half of one.
 */
export function fitVoiceover(section: string, words: number, locale: string): string {
  const label = labelled(SCRIPT_LABELS.voiceover);
  return section
    .split('\n')
    .map((line) => {
      if (!line.startsWith(label)) return line;
      const spoken = line.slice(label.length);
      const longest = Math.ceil(words * SECTION_WORDS_LONGEST);
      if (countWords(spoken, locale) <= longest) return line;
      const kept = trimToSentences(spoken, longest, locale);
      if (!kept.endsWith('…')) return `${label}${kept}`;
      // A first sentence already too long ends at a clause that fits, when it has one; else it
      // stays, alone: the check asks for a rewrite, and if the rewrite is no better the script is
      // the closer to its duration (a 15-second script read for 25 s when such a voice-over was
      // kept whole).
      const first = (splitSentences(spoken, locale)[0] ?? spoken).trim();
      const lowest = Math.floor(words * SECTION_WORDS_SHORTEST);
      return `${label}${endAtClause(first, lowest, longest, locale) ?? first}`;
    })
    .join('\n');
}

/**
 * Where a clause of its own may start, after which a sentence's first part still says something
 * whole: a relative clause, a coordinated one, a reason, a means ("Start your day on the right
 * foot with these 10 quick tips that will help you save time…"). Languages the model writes
 * with spaces between words; the others keep their sentences whole. Unlike CLAUSE_START, where a
 * cue's phrase may end, no purpose ("to", "para", "um"): "Start your day" is no sentence.
 */
const CLAUSE_STARTS: Record<string, RegExp> = {
  en: /,?\s+(?:that|which|who|and|but|so|because|while|when|as|by|with|for)\s/giu,
  es: /,?\s+(?:que|y|pero|porque|mientras|cuando|con|para)\s/giu,
  fr: /,?\s+(?:qui|que|et|mais|car|parce que|quand|avec|pour)\s/giu,
  pt: /,?\s+(?:que|e|mas|porque|quando|com|para)\s/giu,
  it: /,?\s+(?:che|e|ma|perché|quando|con|per)\s/giu,
  de: /,?\s+(?:die|der|das|und|aber|weil|wenn|mit)\s/giu,
};

/**
 * A sentence too long to be spoken in its section, ended before the last clause that leaves it
 * `lowest` to `longest` words, with the sentence's own end mark: "Start your day on the right
 * foot with these 10 quick tips." Undefined when no clause ends there.
 */
export function endAtClause(
  sentence: string,
  lowest: number,
  longest: number,
  locale: string,
): string | undefined {
  const clauseStart = CLAUSE_STARTS[locale.split('-')[0] ?? ''];
  if (!clauseStart) return undefined;
  const endMark = /[.!?]$/u.exec(sentence)?.[0] ?? '.';
  const ends = [...sentence.matchAll(clauseStart)].map((match) => match.index).reverse();
  for (const end of ends) {
    const kept = sentence.slice(0, end).replace(/[\s,;:–—-]+$/u, '');
    const count = countWords(kept, locale);
    if (count <= longest && count >= Math.max(3, lowest)) return `${kept}${endMark}`;
  }
  return undefined;
}

/**
 * Who speaks, named in what is spoken: a stage direction, not words to read ("In a casual voice,
 * the narrator introduces GPT-3 and Bard. They explain that…" was a voice-over).
 */
const STAGE_DIRECTION =
  /\b(?:the narrator|narrador|narradora|narrateur|narratrice|voice-?over|voz en off|voix off)\b/iu;

/** A voice-over without its stage directions: a sentence that names the narrator goes. */
export function removeStageDirections(section: string, locale: string): string {
  const label = labelled(SCRIPT_LABELS.voiceover);
  return section
    .split('\n')
    .map((line) => {
      if (!line.startsWith(label)) return line;
      const spoken = splitSentences(line.slice(label.length), locale)
        .filter((sentence) => !STAGE_DIRECTION.test(sentence))
        .join('')
        .trim();
      return `${label}${spoken}`;
    })
    .join('\n');
}

/** The most words of a B-roll line: one shot, said in a sentence. */
const B_ROLL_WORDS = 25;

/** Where a cue's phrases part: commas, colons, dashes and the marks that end a sentence. */
const PHRASE_END = /[,:;—–!?.、，。]/u;
/**
 * Where a cue without such marks may part: before a word that starts a clause or a purpose ("Start
 * creating flashcards with Quizlet | to make studying…"), in the writers' Latin languages.
 */
const CLAUSE_START =
  /\s(?=(?:to|and|but|that|so|because|while|for|y|pero|para|porque|que|mientras|et|mais|pour|parce|qui|tandis|und|aber|um|weil|dass|e|ma|perché|mentre|mas|enquanto)\s)/iu;

/**
 * Keeps the cues to what they are for. The on-screen text is read at a glance: a longer one (the
 * model often writes a whole sentence there, or "…title for the video: Desk Stretches in 2
 * Minutes") keeps its first phrase of 2 to ON_SCREEN_WORDS words. A B-roll line is one shot: a
 * longer one ("A shot of a person at their desk, eyes closed, hands on their thighs, feet flat…"
 * running on to 40 words and a glued "boostenergy" where the grammar's bound stopped it) keeps its
 * leading phrases up to B_ROLL_WORDS words.
 */
export function fitCues(section: string, locale: string): string {
  const onScreen = labelled(SCRIPT_LABELS.onScreenText);
  const bRoll = labelled(SCRIPT_LABELS.bRoll);
  return section
    .split('\n')
    .map((line) => {
      if (line.startsWith(onScreen)) {
        const cue = line.slice(onScreen.length);
        if (countWords(cue, locale) <= ON_SCREEN_WORDS) return line;
        const phrase = onScreenPhrase(cue, locale);
        return phrase ? `${onScreen}${phrase}` : line;
      }
      if (line.startsWith(bRoll)) {
        const cue = line.slice(bRoll.length);
        if (countWords(cue, locale) <= B_ROLL_WORDS) return line;
        const phrases = cue
          .split(new RegExp(`(?<=${PHRASE_END.source})\\s+`, 'u'))
          .flatMap((phrase) =>
            countWords(phrase, locale) > B_ROLL_WORDS ? phrase.split(CLAUSE_START) : [phrase],
          );
        let kept = '';
        for (const phrase of phrases) {
          const longer = kept === '' ? phrase : `${kept} ${phrase}`;
          if (countWords(longer, locale) > B_ROLL_WORDS) break;
          kept = longer;
        }
        return kept === '' ? line : `${bRoll}${kept.replace(/[,:;—–、，]$/u, '')}`;
      }
      return line;
    })
    .join('\n');
}

/**
 * A phrase of 2 to ON_SCREEN_WORDS words of a longer text, with its capital: one that starts the
 * way a line does rather than "no matter how big or small"; else any that fits; else the words of
 * a phrase before its first clause ("to work today" alone says nothing).
 */
function onScreenPhrase(text: string, locale: string): string | undefined {
  const fits = (part: string) => {
    const words = countWords(part, locale);
    return words >= 2 && words <= ON_SCREEN_WORDS;
  };
  const phrases = text.split(PHRASE_END).map((part) => part.trim());
  const fitting = phrases.filter(fits);
  const phrase =
    fitting.find((part) => !/^\p{Ll}/u.test(part)) ??
    fitting[0] ??
    phrases.map((part) => part.split(CLAUSE_START)[0]?.trim() ?? '').find(fits) ??
    leadingWords(phrases[0] ?? '', locale);
  return phrase === undefined ? undefined : capitalised(phrase);
}

/**
 * Words a phrase cannot end on: articles, prepositions, conjunctions and possessives of the
 * languages the model writes with spaces ("…the transformative power of" ends on "of").
 */
const DANGLING_WORDS = new Set(
  [
    'a an the of to in on at by for with as and or but so if than from into about before after while when until because without through our your their its my this that',
    'el la los las un una de del al en con por para y o que su sus tu tus mi este esta',
    'le la les un une des de du au aux en et ou à pour par avec sur que qui son sa ses votre vos ce cette',
    'der die das ein eine und oder mit für von zu im in auf den dem des',
  ]
    .join(' ')
    .split(' '),
);

/**
 * The last resort of a long on-screen text with no phrase of its own that fits: its first
 * ON_SCREEN_WORDS words, less those a phrase cannot end on ("Join us as we explore the
 * transformative power of listening in relationships and life lessons, ensuring that…" gives
 * "Join us as we explore the transformative power"). Not for writing without spaces.
 */
function leadingWords(phrase: string, locale: string): string | undefined {
  const words = phrase.split(/\s+/).filter(Boolean);
  if (words.length !== countWords(phrase, locale)) return undefined;
  const kept = words.slice(0, ON_SCREEN_WORDS);
  while (kept.length > 0 && DANGLING_WORDS.has((kept.at(-1) ?? '').toLowerCase())) kept.pop();
  return kept.length >= 2 ? kept.join(' ').replace(/[,:;—–-]+$/u, '') : undefined;
}

/**
 * A section whose on-screen text was cleaned away (it was chatter, "Let's dive in!", or its
 * instruction said back, "This section consists of two to six words") shows a phrase of its own
 * voice-over instead, as captions do; a section with no such phrase is left for the check.
 */
export function withOnScreenText(section: string, locale: string): string {
  const onScreen = labelled(SCRIPT_LABELS.onScreenText);
  const voiceover = labelled(SCRIPT_LABELS.voiceover);
  const lines = section.split('\n');
  const existing = lines.find((line) => line.startsWith(onScreen));
  if (existing !== undefined && existing.slice(onScreen.length).trim() !== '') return section;
  const spoken = lines.find((line) => line.startsWith(voiceover))?.slice(voiceover.length) ?? '';
  const phrase = onScreenPhrase(spoken, locale);
  if (phrase === undefined) return section;
  const line = `${onScreen}${phrase}`;
  const kept = lines.filter((candidate) => !candidate.startsWith(onScreen.trimEnd()));
  const after = kept.findIndex((candidate) => candidate.startsWith(voiceover));
  kept.splice(after + 1, 0, line);
  return kept.join('\n');
}

/**
 * A cue still too long to be one (on-screen text nobody can read in time, a B-roll paragraph), a
 * B-roll line that is no shot, or a cue not there at all: a cue whose words were chatter ("Let's
 * dive in!") is cleaned away with its line.
 */
export function cueProblems(section: string, locale: string): DraftProblem[] {
  const bounds = [
    [SCRIPT_LABELS.onScreenText, ON_SCREEN_WORDS],
    [SCRIPT_LABELS.bRoll, B_ROLL_WORDS],
  ] as const;
  return bounds.flatMap(([label, most]): DraftProblem[] => {
    const prefix = labelled(label);
    const line = section.split('\n').find((candidate) => candidate.startsWith(prefix));
    if (line === undefined) {
      return [{ check: 'no empty cue', message: DRAFT_PROBLEM_MESSAGES.emptyCue(label) }];
    }
    const cue = line.slice(prefix.length).trim();
    const words = countWords(cue, locale);
    return [
      ...(words > most
        ? [{ check: 'length' as const, message: DRAFT_PROBLEM_MESSAGES.length(words, 1, most) }]
        : []),
      // A shot is described, not exclaimed or asked: "You get it, right?", "Unos seguidores están
      // viendo tu video, así que no dudes en compartirlo!" were B-roll lines.
      ...(label === SCRIPT_LABELS.bRoll && /[?!？！]$/u.test(cue)
        ? [
            {
              check: 'no empty cue' as const,
              message: DRAFT_PROBLEM_MESSAGES.cueNotAShot(label, cue),
            },
          ]
        : []),
    ];
  });
}

/** About what a script costs the model: its plan, and per section its voice-over and cues. */
function scriptExpectedTokens(durationMinutes: number): number {
  const sections = scriptSections(durationMinutes);
  return 150 + sections.reduce((sum, section) => sum + Math.ceil(section.words * 1.5) + 40, 0);
}

const CUE_LABELS = [SCRIPT_LABELS.onScreenText, SCRIPT_LABELS.bRoll];

export function writeVideoScript(
  request: VideoScriptRequest,
  context: WriterContext,
): Promise<Draft> {
  return writeDraftInTurn(context, scriptExpectedTokens(request.duration), (turn, stream) =>
    writeVideoScriptDraft(request, turn, stream),
  );
}

async function writeVideoScriptDraft(
  request: VideoScriptRequest,
  context: WriterContext,
  stream: DraftStream,
): Promise<Draft> {
  const brief = briefOf(request);
  const { profile, sections } = brief;
  const expect = (extra: Partial<DraftExpectations> = {}): DraftExpectations => ({
    profile,
    cueLabels: CUE_LABELS,
    ...extra,
  });
  const tally = new DraftTally();

  const planned = await writeCheckedPart(context, stream, {
    request: {
      system: PLANNER_SYSTEM,
      prompt: videoScriptPlanPrompt(brief),
      maxTokens: 120 + 80 * sections.length,
      temperature: 0.7,
      grammar: videoScriptPlanGrammar(brief),
    },
    clean: planNotes,
    check: (text) => {
      const plan = parseScriptPlan(text, sections);
      return plan
        ? checkDraft(
            `# ${plan.title}\n\n${plan.lines.replace(/^Title: .*\n/, '').replace(/^[^:\n]+: /gm, '')}`,
            expect(),
          )
        : [UNREADABLE_PLAN];
    },
  });
  tally.addPlan(planned);
  const plan = requirePlan(parseScriptPlan(planned.text, sections), planned.text, 'script');

  // A section sees its own plan line only: shown the whole plan and the voice-over so far, the
  // model said the other sections' lines in this one (a call to action's "Download our free video"
  // in the main point), and the section whose words they were was left with nothing to say.
  const shared = [...briefLines(brief), '', `Title: ${plan.title}`].join('\n');
  let script = `# ${plan.title}\n\n`;
  // Words the sections so far were given against those their voice-overs say.
  let carried = 0;
  for (const plannedSection of sections) {
    const section = withCarriedWords(plannedSection, carried);
    const before = `${script}## ${sectionHeading(section)}\n\n`;
    const instruction = `Write the section ${sectionHeading(section)} as its plan says, in new words that go on from it. Its voice-over has about ${section.words} words, in ${spokenSentences(voiceoverSentences(section))}; its on-screen text has 2 to 6 words; its B-roll says in a few words what the viewer sees. Write in ${languageOfProfile(profile)}.`;
    const written = await writeCheckedPart(context, stream, {
      request: {
        system: WRITER_SYSTEM,
        prompt: [
          shared,
          `This section's plan: ${planLineOf(plan.lines, section)}`,
          '',
          instruction,
        ].join('\n'),
        maxTokens: Math.ceil(section.words * profile.tokensPerWord * 1.6) + 120,
        temperature: 0.7,
        grammar: videoScriptSectionGrammar(profile, section),
      },
      instruction,
      clean: (raw) =>
        withOnScreenText(
          fitCues(
            fitVoiceover(
              removeStageDirections(
                removeRepeatedSentences(
                  removeOtherLanguages(
                    // The platform's conventions said back as the script's own words ("Start
                    // by having a casual selfie-style delivery straight to the camera…" as a
                    // voice-over, "…a vertical video short for a minute or less" as a B-roll).
                    removeSentencesOf(
                      cleanModelOutput(raw),
                      PLATFORM_CONVENTIONS[request.platform],
                    ),
                    profile,
                    CUE_LABELS,
                  ),
                  CUE_LABELS,
                  script,
                ),
                profile.locale,
              ),
              section.words,
              profile.locale,
            ),
            profile.locale,
          ),
          profile.locale,
        ),
      check: (text) => [
        ...checkDraft(text, expect({ before: script })),
        ...cueProblems(text, profile.locale),
        // A section's voice-over words are its share of the speaking time.
        ...checkDraft(spokenText(text, SCRIPT_LABELS.voiceover), {
          profile,
          words: {
            lowest: Math.floor(section.words * SECTION_WORDS_SHORTEST),
            highest: Math.ceil(section.words * SECTION_WORDS_LONGEST),
          },
        }).map((problem) =>
          problem.check === 'length' ? { ...problem, check: 'speaking time' as const } : problem,
        ),
      ],
      shownBefore: before,
    });
    // The speaking time is checked on the whole script, below: a call to action of 15 words in
    // a 3-second section is no fault when the script reads for its duration.
    tally.add(written, ['speaking time']);
    carried =
      section.words - countWords(spokenText(written.text, SCRIPT_LABELS.voiceover), profile.locale);
    script = `${before}${written.text}\n\n`;
  }

  script = script.trim();
  // A part that said again what an earlier one said (a small model copies) loses the repeat.
  script = closeOpenQuotes(removeRepeatedSentences(script, CUE_LABELS));
  stream.settle(script);
  const problems = checkDraft(
    script,
    expect({
      title: true,
      spoken: { label: SCRIPT_LABELS.voiceover, seconds: Math.round(request.duration * 60) },
    }),
  );
  return tally.draft(script, problems);
}
