/**
 * The blog writer: an SEO-structured post in markdown (the blog page renders markdown) from the
 * visitor's topic and keywords. It plans first (title, meta description, four section headings
 * and the closing one), then writes the introduction, each section and the conclusion against the
 * plan, checking each part as it is done (writers/drafting.ts).
 */
import { DRAFT_PROBLEM_MESSAGES, type BlogRequest } from '@ai-tools/contracts';
import {
  checkDraft,
  FRAME_HEADING,
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
  type PartContinuation,
} from '../../writers/drafting.ts';
import {
  headingRules,
  literal,
  paragraphGrammar,
  proseRules,
  sentences,
} from '../../writers/grammar.ts';
import {
  CLOSING_HEADINGS,
  LANGUAGE_PROFILES,
  languageOfProfile,
  profileOfText,
  type LanguageProfile,
} from '../../writers/languages.ts';
import {
  capitalised,
  cleanModelOutput,
  closeOpenQuotes,
  countWords,
  fitHeading,
  removeHeadingLabels,
  removeHeadingSentences,
  removeOtherLanguages,
  removeRepeatedSentences,
  removeTalkAboutThePost,
  visitorText,
  type WriterContext,
} from '../../writers/writing.ts';

/** The post's sections between the introduction and the conclusion. */
export const BLOG_SECTIONS = 4;
/** The whole post, in words: the check's bounds. */
const BLOG_WORDS = { lowest: 550, highest: 1600 };
/** One section (two paragraphs and its tips), the introduction and the conclusion, in words. */
const SECTION_WORDS = { lowest: 70, highest: 320 };
const FRAME_WORDS = { lowest: 25, highest: 150 };
/** About what a post costs the model: its plan, about 900 words, and a rewrite or two. */
const BLOG_EXPECTED_TOKENS = 1600;

const PLANNER_SYSTEM = [
  'You are an SEO content strategist who plans helpful, accurate blog posts.',
  'You answer with the plan only, in the labelled lines asked for.',
].join('\n');

const WRITER_SYSTEM = [
  'You are an SEO content writer. You write one part of a blog post at a time, following its plan.',
  'Write helpful, accurate, original text in plain words and short sentences, with concrete advice.',
  'Use the keyword and related phrases naturally; never stuff keywords.',
  'Write only the part asked for: no heading, no greeting, no note to the reader about the text itself.',
].join('\n');

export interface BlogPlan {
  title: string;
  metaDescription: string;
  sections: string[];
  closing: string;
}

export interface BlogBrief {
  topic: string;
  keywords: string[];
  profile: LanguageProfile;
}

function briefOf(request: BlogRequest): BlogBrief {
  const topic = visitorText(request.topic) || 'Blog writing';
  const keywords = (request.keywords ?? []).map(visitorText).filter((keyword) => keyword !== '');
  return { topic, keywords, profile: profileOfText(`${topic} ${keywords.join(' ')}`) };
}

/**
 * The plan's shape as a grammar: the main keyword starts the title ("Keyword: the rest") and the
 * other keywords start the first sections' headings, where search engines weigh them. Asked in
 * words, the 1.5B model listed "Related phrases" and "Keyword:" lines and looped on them
 * (ADR 041); placed by the grammar, they are always there.
 */
export function blogPlanGrammar(
  keywords: readonly string[],
  profile: LanguageProfile = profileOfText(keywords.join(' ')),
): string {
  const [mainKeyword, ...otherKeywords] = keywords.map(capitalised);
  const title = mainKeyword ? `${literal(mainKeyword)} ": " heading` : 'heading';
  const sections = Array.from({ length: BLOG_SECTIONS }, (_, index) => {
    const keyword = otherKeywords[index];
    return `"- " ${keyword ? `${literal(keyword)} (":"? " " heading)?` : 'heading'} "\\n"`;
  });
  return [
    `root ::= "Title: " ${title} "\\nMeta description: " ${sentences(2)} "\\nSections:\\n" ${sections.join(' ')} "Closing section: " heading "\\n"`,
    headingRules(profile.writingSystem, PLAN_HEADING_BOUND),
    proseRules(profile.writingSystem),
  ].join('\n');
}

/**
 * Tokens a plan may take: its grammar bounds it (a title, two sentences of meta description, five
 * headings of PLAN_HEADING_BOUND words), far above what a model that does not loop writes (the
 * default model 90 to 150 tokens, SmolLM2 60 to 140).
 */
const PLAN_TOKENS = 1000;

/** The most words of a section heading, which fitHeading keeps to. */
const HEADING_WORDS = 10;
/**
 * The plan grammar's word bound, above HEADING_WORDS: at 10 the model glued its next words
 * together ("affectsDigestion", "coffee'scaffeine-related") where it wanted to go on.
 */
const PLAN_HEADING_BOUND = 18;

export function blogPlanPrompt(brief: BlogBrief): string {
  const [mainKeyword, ...otherKeywords] = brief.keywords;
  return [
    `Plan a blog post about: "${brief.topic}".`,
    ...(mainKeyword ? [`Main keyword: "${mainKeyword}".`] : []),
    ...(otherKeywords.length > 0
      ? [
          `Other keywords, one per section in this order: ${otherKeywords.map((keyword) => `"${keyword}"`).join(', ')}.`,
        ]
      : []),
    'Give a title under 60 characters with the main keyword, a meta description of 140 to 160 characters that makes a reader click,',
    `${BLOG_SECTIONS} section headings, each on a different aspect of the topic (none of them an introduction or a conclusion), and the heading of the closing section.`,
    `Write the plan in ${languageOfProfile(brief.profile)}.`,
  ].join('\n');
}

/**
 * The plan's lines, each heading fitted to HEADING_WORDS; a closing heading still too long (most
 * often the instruction said back) gives way to the language's usual one ("Conclusión"): a
 * conclusion needs no keyword, and writing the plan again brought the same echo back.
 */
export function parseBlogPlan(
  text: string,
  profile: LanguageProfile = LANGUAGE_PROFILES.English,
): BlogPlan | undefined {
  const title = /^Title: (.+)$/m.exec(text)?.[1]?.trim();
  const metaDescription = /^Meta description: (.+)$/m.exec(text)?.[1]?.trim();
  const closing = /^Closing section: (.+)$/m.exec(text)?.[1]?.trim();
  const sections = [...text.matchAll(/^- (.+)$/gm)].map((match) => (match[1] ?? '').trim());
  if (!title || !metaDescription || !closing || sections.length !== BLOG_SECTIONS) return undefined;
  return {
    title,
    metaDescription,
    sections: sections.map((section) => fitHeading(withoutSectionLabel(section), HEADING_WORDS)),
    closing: closingHeading(closing, profile),
  };
}

/**
 * A section heading without the plan's numbering said as its label ("Sección 2: El valor de la
 * comida"): the page orders the sections itself.
 */
export function withoutSectionLabel(heading: string): string {
  const rest = heading.replace(
    /^(?:section|secci[oó]n|partie|parte|part|abschnitt|sezione|se[çc][ãa]o|teil)\s+\d+\s*[:.\-–—]\s*/iu,
    '',
  );
  return rest === '' ? heading : capitalised(rest);
}

function closingHeading(heading: string, profile: LanguageProfile): string {
  const fitted = fitHeading(heading, HEADING_WORDS, profile.locale);
  const usual = CLOSING_HEADINGS[languageOfProfile(profile)];
  return countWords(fitted, profile.locale) > HEADING_WORDS && usual ? usual : fitted;
}

/** The fewest sections a post keeps once a plan's introduction-like sections are left out. */
const FEWEST_SECTIONS = 3;

/**
 * The plan without its introduction- or conclusion-like sections, which the small model keeps
 * writing (told not to, and again after a rewrite): the post has its own introduction and
 * closing, and three sections or more are still a post.
 */
export function withoutFrameSections(plan: BlogPlan): BlogPlan {
  const sections = plan.sections.filter((section) => !FRAME_HEADING.test(section));
  return sections.length >= FEWEST_SECTIONS ? { ...plan, sections } : plan;
}

function frameSectionProblems(plan: BlogPlan): DraftProblem[] {
  const frame = withoutFrameSections(plan).sections.find((section) => FRAME_HEADING.test(section));
  return frame
    ? [{ check: 'no repeated heading', message: DRAFT_PROBLEM_MESSAGES.frameSection(frame) }]
    : [];
}

/**
 * A heading still over HEADING_WORDS once fitHeading had its go: most often the plan's instruction
 * said back as the heading ("Conclude with a call-to-action encouraging readers to start their
 * day…"), so the plan is written again.
 */
function longHeadingProblems(plan: BlogPlan): DraftProblem[] {
  return [...plan.sections, plan.closing].flatMap((heading) => {
    const words = countWords(heading);
    return words > HEADING_WORDS
      ? [
          {
            check: 'length' as const,
            message: DRAFT_PROBLEM_MESSAGES.length(words, 2, HEADING_WORDS),
          },
        ]
      : [];
  });
}

/**
 * The section's heading said again as a label at the start of its body ("Getting Started: A
 * Step-by-Step Guide… Get started by…", "Coffee vs Water: … water -Coffee contains…"): the
 * heading is already above it.
 */
export function headingEchoProblems(body: string, heading: string): DraftProblem[] {
  // Said as a label (followed by a colon or a dash), not as the subject of a sentence ("The
  // benefits of morning hydration are many." is prose).
  const echoed =
    body.toLowerCase().startsWith(heading.toLowerCase()) &&
    /^[ \t]*(?:[:\-–—]|\n|$)/u.test(body.slice(heading.length));
  return echoed
    ? [{ check: 'no instructions echoed', message: DRAFT_PROBLEM_MESSAGES.instructions(heading) }]
    : [];
}

/** The paragraphs a section is asked for, before its tips. */
const SECTION_PARAGRAPHS = 2;

/**
 * The fewest words a block of prose needs to be a paragraph: "Always consult with a professional
 * if you have specific health or fitness concerns." was all a section had left once its two
 * paragraphs of instructions said back were cleaned away.
 */
const PARAGRAPH_LEAST_WORDS = 20;

/**
 * A section left without a paragraph before its tips once its chatter was cleaned away ("Here's
 * the revised version with proper grammar and punctuation: Continue the text as planned." was all
 * there was). One paragraph of the two asked for, with the section's words, reads as a section:
 * the other was most often the model's talk, cleaned away.
 */
export function paragraphProblems(body: string, locale = 'en'): DraftProblem[] {
  const paragraphs = body
    .split(/\n{2,}/)
    .filter(
      (block) =>
        !/^\s*(?:[-*+]|\d+[.)])\s/.test(block) &&
        countWords(block, locale) >= PARAGRAPH_LEAST_WORDS,
    ).length;
  return paragraphs === 0
    ? [
        {
          check: 'length',
          message: DRAFT_PROBLEM_MESSAGES.paragraphs(paragraphs, SECTION_PARAGRAPHS),
        },
      ]
    : [];
}

function header(plan: BlogPlan): string {
  return `# ${plan.title}\n\n**Meta description:** ${plan.metaDescription}\n\n`;
}

/** The plan as the post's skeleton, to check its headings the way the post's will be checked. */
function planAsMarkdown(plan: BlogPlan): string {
  return [
    header(plan),
    ...plan.sections.map((section) => `## ${section}\n\n`),
    `## ${plan.closing}\n`,
  ].join('');
}

function planText(plan: BlogPlan): string {
  return [
    'The post:',
    `Title: ${plan.title}`,
    `Meta description: ${plan.metaDescription}`,
    'Introduction',
    ...plan.sections.map((section, index) => `Section ${index + 1}: ${section}`),
    `Closing section: ${plan.closing}`,
  ].join('\n');
}

/**
 * The introduction or the conclusion still short after its rewrite goes on by two to four
 * sentences: what was cleaned away was chatter, and what is left reads well.
 */
export function frameContinuation(brief: BlogBrief): PartContinuation {
  return {
    missingWords: (text) =>
      Math.max(0, FRAME_WORDS.lowest - countWords(text, brief.profile.locale)),
    grammar: paragraphGrammar(brief.profile.writingSystem, 4, 2),
  };
}

/**
 * A section's body: two paragraphs, then three or four tips as bullets, each a whole sentence or
 * two. No bold lead-in: the model filled it with its instructions ("**Bullet Point:**:").
 */
export function blogSectionGrammar(brief: BlogBrief): string {
  return [
    'root ::= paragraph "\\n\\n" paragraph "\\n\\n" bullet bullet bullet bullet?',
    `paragraph ::= ${sentences(7, 4)}`,
    `bullet ::= "- " ${sentences(2)} "\\n"`,
    proseRules(brief.profile.writingSystem),
  ].join('\n');
}

export function writeBlog(request: BlogRequest, context: WriterContext): Promise<Draft> {
  return writeDraftInTurn(context, BLOG_EXPECTED_TOKENS, (turn, stream) =>
    writeBlogDraft(request, turn, stream),
  );
}

async function writeBlogDraft(
  request: BlogRequest,
  context: WriterContext,
  stream: DraftStream,
): Promise<Draft> {
  const brief = briefOf(request);
  const expect = (extra: Partial<DraftExpectations> = {}): DraftExpectations => ({
    profile: brief.profile,
    ...extra,
  });
  const tally = new DraftTally();

  let plan: BlogPlan | undefined;
  const planned = await writeCheckedPart(context, stream, {
    request: {
      system: PLANNER_SYSTEM,
      prompt: blogPlanPrompt(brief),
      // Room for all the grammar allows: a plan cut by its token bound cannot be read, and the
      // browser test's SmolLM2 plan came back unreadable twice at 400.
      maxTokens: PLAN_TOKENS,
      temperature: 0.6,
      grammar: blogPlanGrammar(brief.keywords, brief.profile),
    },
    clean: (raw) => raw.trim(),
    check: (text) => {
      plan = parseBlogPlan(text, brief.profile);
      if (!plan) return [UNREADABLE_PLAN];
      return [
        ...frameSectionProblems(plan),
        ...longHeadingProblems(plan),
        ...checkDraft(planAsMarkdown(withoutFrameSections(plan)), expect({ title: true })),
      ];
    },
  });
  tally.add(planned);
  plan = withoutFrameSections(
    requirePlan(parseBlogPlan(planned.text, brief.profile), planned.text, 'blog post'),
  );

  const [mainKeyword] = brief.keywords;
  const shared = `${planText(plan)}\n\n`;
  const planHeadings = [plan.title, ...plan.sections, plan.closing];
  let post = header(plan);

  const writePart = async (
    instruction: string,
    grammar: string,
    maxTokens: number,
    shownBefore: string,
    expectations: DraftExpectations,
    /** The part's own checks, beside those of every text. */
    partProblems: (text: string) => DraftProblem[] = () => [],
    continuation?: PartContinuation,
  ) => {
    const part = await writeCheckedPart(context, stream, {
      request: {
        system: WRITER_SYSTEM,
        prompt: `${shared}${instruction} Write in ${languageOfProfile(brief.profile)}.`,
        maxTokens,
        temperature: 0.7,
        grammar,
      },
      instruction,
      clean: (raw) =>
        removeHeadingSentences(
          removeHeadingLabels(
            removeRepeatedSentences(
              removeTalkAboutThePost(
                removeOtherLanguages(cleanModelOutput(raw), brief.profile),
                brief.profile.locale,
              ),
              [],
              post,
            ),
            planHeadings,
          ),
          planHeadings,
        ),
      check: (text) => [
        ...partProblems(text),
        ...checkDraft(text, { ...expectations, before: post }),
      ],
      shownBefore,
      continuation,
    });
    tally.add(part);
    return part.text;
  };

  post += await writePart(
    `Write the introduction: one paragraph of 3 or 4 sentences that states the reader's problem and what the post gives them${mainKeyword ? `, and says "${mainKeyword}" once` : ''}.`,
    paragraphGrammar(brief.profile.writingSystem, 6, 3),
    320,
    post,
    // The keywords are where the plan's grammar put them (the title and the first headings);
    // asked to say the main one here too, the small model often paraphrases it.
    expect({ words: FRAME_WORDS }),
    undefined,
    frameContinuation(brief),
  );

  for (const [index, heading] of plan.sections.entries()) {
    const before = `${post}\n\n## ${heading}\n\n`;
    const others = plan.sections.filter((_, other) => other !== index);
    const body = await writePart(
      [
        `Write section ${index + 1}, "${heading}": two paragraphs of 4 or 5 sentences each, then 3 or 4 bullet points with concrete tips, each one short sentence.`,
        `Keep to this section's subject; ${others.map((other) => `"${other}"`).join(', ')} are written separately.`,
      ].join('\n'),
      blogSectionGrammar(brief),
      900,
      before,
      expect({ words: SECTION_WORDS }),
      (text) => [
        ...headingEchoProblems(text, heading),
        ...paragraphProblems(text, brief.profile.locale),
      ],
    );
    post = `${before}${body}`;
  }

  const { closing } = plan;
  const beforeConclusion = `${post}\n\n## ${closing}\n\n`;
  post = `${beforeConclusion}${await writePart(
    `Write the closing section, "${closing}": one paragraph of 3 or 4 sentences that sums up the post and ends with a call to action for the reader.`,
    paragraphGrammar(brief.profile.writingSystem, 6, 3),
    320,
    beforeConclusion,
    expect({ words: FRAME_WORDS }),
    (text) => headingEchoProblems(text, closing),
    frameContinuation(brief),
  )}`;
  // A part that said again what an earlier one said (a small model copies) loses the repeat.
  post = closeOpenQuotes(removeRepeatedSentences(post));
  stream.settle(post);

  const problems = checkDraft(
    post,
    expect({ title: true, words: BLOG_WORDS, elements: brief.keywords }),
  );
  return tally.draft(post, problems);
}
