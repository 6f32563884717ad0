/**
 * The blog writer: an SEO-structured post in markdown (the blog page renders markdown) from the
 * visitor's topic.
 */
import type { BlogRequest } from '@ai-tools/contracts';
import { cleanModelOutput, collectText, requireText, type WriterContext } from './writing.ts';

/** Long enough to rank and to read well, short enough for a small local model on two cores. */
const BLOG_TARGET_WORDS = 700;
const TOKENS_PER_WORD = 1.5;
/** Headings, bullets and the meta description line on top of the prose. */
const MARKUP_ALLOWANCE = 1.5;

const BLOG_PROMPTS = {
  system: [
    'You are an SEO content writer who writes helpful, original blog posts.',
    'Answer with the post only, in markdown, with no note before or after it, in this structure:',
    '1. One title as a level-1 heading (# ...), under 60 characters, with the main keyword.',
    '2. A line "**Meta description:** ..." of 140 to 160 characters that makes a reader click.',
    "3. An introduction of 2 or 3 sentences that states the reader's problem and what the post gives them.",
    '4. Four to six sections with level-2 headings (## ...) that use the keyword and related phrases naturally; at least two sections contain a bullet list.',
    '5. A last section "## Conclusion" that sums up and ends with a call to action.',
    'Use short paragraphs, plain words and concrete advice. Never stuff keywords.',
  ].join('\n'),
};

function blogPrompt(request: BlogRequest): { system: string; prompt: string } {
  return {
    system: BLOG_PROMPTS.system,
    prompt: [
      `Write a blog post about: "${request.topic}".`,
      `Length: about ${BLOG_TARGET_WORDS} words.`,
      'Write in the language of the topic.',
    ].join('\n'),
  };
}

function blogMaxTokens(): number {
  return Math.ceil(BLOG_TARGET_WORDS * TOKENS_PER_WORD * MARKUP_ALLOWANCE);
}

export async function writeBlog(request: BlogRequest, context: WriterContext): Promise<string> {
  const { system, prompt } = blogPrompt(request);
  const raw = await collectText(context, {
    system,
    prompt,
    maxTokens: blogMaxTokens(),
    temperature: 0.7,
  });
  return requireText(cleanModelOutput(raw), 'blog post');
}
