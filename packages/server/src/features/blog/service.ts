/**
 * The blog writer: an SEO-structured post in markdown (the blog page renders markdown) from the
 * visitor's topic.
 */
import type { BlogRequest } from '@ai-tools/contracts';
import {
  cleanModelOutput,
  collectText,
  requireText,
  type WriterContext,
} from '../../writers/writing.ts';

/**
 * The grammar bounds the post (about 600 to 1,300 words); the token budget only guards against a
 * model that never ends, with room for the longest post the grammar allows.
 */
const BLOG_MAX_TOKENS = 2400;

const BLOG_PROMPTS = {
  system: [
    'You are an SEO content writer who writes helpful, original blog posts.',
    'Answer with the post only, in markdown, with no note before or after it, in this structure:',
    '1. One title as a level-1 heading (# ...), under 60 characters, with the main keyword.',
    '2. A line "**Meta description:** ..." of 140 to 160 characters that makes a reader click.',
    "3. An introduction of 3 or 4 sentences that states the reader's problem and what the post gives them.",
    '4. Four sections with level-2 headings (## ...) that use the keyword and related phrases naturally (the introduction is not one of them); each has two paragraphs of 3 to 5 sentences and then a bullet list of 3 to 5 concrete tips.',
    '5. A last section "## Conclusion" that sums up and ends with a call to action.',
    'Use short sentences, plain words and concrete advice. No emoji. Never stuff keywords.',
  ].join('\n'),
};

/** The post's four sections between the introduction and the conclusion. */
const BLOG_SECTIONS = 4;

/**
 * The post's shape as a grammar (llama.cpp GBNF), so even a small model writes exactly one H1,
 * the meta description, an introduction, four H2 sections with two paragraphs and a bullet list
 * each, and the conclusion. The prose has no emoji: a model told to go on past the end of its
 * thought fills the space with them (measured: 1,000 tokens of running emoji in one post). A
 * paragraph of 150 to 1,500 characters is about 25 to 250 words; the upper bounds are far enough
 * that a model ends its sentence itself rather than being cut mid-word.
 *
 * The visitor's keywords are placed by the grammar, not asked for in words: the main one starts
 * the title ("Keyword: the rest") and the others start the first sections' headings, where search
 * engines weigh them.
 * Asked in words, the 1.5B model listed "Related phrases" and "Keyword:" lines and looped on them
 * (measured with the writers bench, ADR 041).
 */
export function blogGrammar(keywords: readonly string[] = []): string {
  const [mainKeyword, ...otherKeywords] = keywords.map(headingPhrase);
  const title = mainKeyword ? `${mainKeyword} title-tail` : 'heading';
  const sections = Array.from({ length: BLOG_SECTIONS }, (_, index) => {
    const keyword = otherKeywords[index];
    return `"## " ${keyword ? `${keyword} heading-tail` : 'heading'} section-body`;
  });
  return String.raw`
root ::= "# " ${title} "\n\n**Meta description:** " meta "\n\n" paragraph "\n\n" ${sections.join(' ')} "## Conclusion\n\n" paragraph
section-body ::= "\n\n" paragraph "\n\n" paragraph "\n\n" bullet bullet bullet bullet? bullet? "\n"
heading ::= [^\n#*] [^\n#*]{4,70}
heading-tail ::= [^\n#*]{0,60}
title-tail ::= ": " [^\n#*] [^\n#*]{3,50}
meta ::= prose{100,240}
paragraph ::= [^\n#*\U0001F000-\U0001FFFF\u2600-\u27BF\uFE0F\u200D-] prose{150,1500}
bullet ::= "- " prose{15,320} "\n"
prose ::= [^\n#\U0001F000-\U0001FFFF\u2600-\u27BF\uFE0F\u200D]
`;
}

/** A keyword as the start of a heading: one line, capitalised, as a GBNF string literal. */
function headingPhrase(keyword: string): string {
  const phrase = keyword.replace(/\s+/g, ' ').trim();
  // JSON's string escapes (quote, backslash, \uXXXX) are GBNF's too.
  return JSON.stringify(phrase.charAt(0).toUpperCase() + phrase.slice(1));
}

export function blogPrompt(request: BlogRequest): { system: string; prompt: string } {
  const [mainKeyword, ...otherKeywords] = request.keywords ?? [];
  const quoted = (phrases: string[]) => phrases.map((phrase) => `"${phrase}"`).join(', ');
  return {
    system: BLOG_PROMPTS.system,
    prompt: [
      `Write a blog post about: "${request.topic}".`,
      // The same placement the grammar enforces, said for a model that takes no grammar.
      ...(mainKeyword
        ? [
            `The title starts with "${mainKeyword}" and goes on after a colon, and the meta description and the introduction each say "${mainKeyword}" once.`,
          ]
        : []),
      ...(otherKeywords.length > 0
        ? [
            `The first sections are about ${quoted(otherKeywords)}, in this order; each of their headings starts with its phrase.`,
          ]
        : []),
      'Length: about 800 words.',
      'Write in the language of the topic.',
    ].join('\n'),
  };
}

export async function writeBlog(request: BlogRequest, context: WriterContext): Promise<string> {
  const { system, prompt } = blogPrompt(request);
  const raw = await collectText(context, {
    system,
    prompt,
    maxTokens: BLOG_MAX_TOKENS,
    temperature: 0.7,
    grammar: blogGrammar(request.keywords),
  });
  return requireText(cleanModelOutput(raw), 'blog post');
}
