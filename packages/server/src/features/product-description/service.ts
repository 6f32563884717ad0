/**
 * The product description writer: 120 to 200 words of markdown (a title, an opening paragraph,
 * three benefits and a closing call to action) for the visitor's product, audience and tone. It
 * plans first (a headline and three benefits, in labelled lines its grammar holds the model to),
 * then writes each part against the plan, checking each as it is done (writers/drafting.ts).
 */
import { PRODUCT_DESCRIPTION_WORDS, type ProductDescriptionRequest } from '@ai-tools/contracts';
import { checkDraft, type DraftExpectations } from '../../writers/draft-check.ts';
import {
  DraftStream,
  DraftTally,
  writeDraftInTurn,
  UNREADABLE_PLAN,
  requirePlan,
  writeCheckedPart,
  type Draft,
} from '../../writers/drafting.ts';
import {
  headingRules,
  literal,
  paragraphGrammar,
  proseRules,
  sentences,
} from '../../writers/grammar.ts';
import { profileOfText, type LanguageProfile } from '../../writers/languages.ts';
import {
  capitalised,
  cleanModelOutput,
  fitHeading,
  removeRepeatedSentences,
  removeTalkAboutThePost,
  visitorText,
  type WriterContext,
} from '../../writers/writing.ts';

/** The benefits the plan names, one bullet each. */
export const PRODUCT_BENEFITS = 3;
/** The most words of the headline and of a benefit. */
const HEADLINE_WORDS = 8;
const BENEFIT_WORDS = 6;
/** About what a description costs the model: its plan, about 170 words, and a rewrite. */
const EXPECTED_TOKENS = 700;

const PLANNER_SYSTEM = [
  'You are a copywriter who plans honest, specific product descriptions for online shops.',
  'You answer with the plan only, in the labelled lines asked for.',
].join('\n');

const WRITER_SYSTEM = [
  'You are a copywriter. You write one part of a product description at a time, following its plan.',
  'Write concrete, honest sentences in plain words; never invent prices, awards or guarantees.',
  'Write only the part asked for: no heading, no greeting, no note about the text itself.',
].join('\n');

export interface ProductBrief {
  productName: string;
  audience: string;
  tone: string;
  profile: LanguageProfile;
}

export interface ProductPlan {
  headline: string;
  benefits: string[];
}

function briefOf(request: ProductDescriptionRequest): ProductBrief {
  const productName = visitorText(request.productName) || 'Our product';
  return {
    productName,
    audience: request.audience,
    tone: request.tone,
    profile: profileOfText(productName),
  };
}

/** The plan's shape as a grammar: a headline, then the benefits, one short phrase each. */
export function productPlanGrammar(profile: LanguageProfile): string {
  const benefits = Array.from({ length: PRODUCT_BENEFITS }, () => '"- " heading "\\n"');
  return [
    `root ::= "Headline: " heading "\\nBenefits:\\n" ${benefits.join(' ')}`,
    headingRules(profile.writingSystem, HEADLINE_WORDS + 4),
    proseRules(profile.writingSystem),
  ].join('\n');
}

export function productPlanPrompt(brief: ProductBrief): string {
  return [
    `Plan the product description of "${brief.productName}" for ${brief.audience}, in a ${brief.tone} tone.`,
    `Give a headline of 3 to ${HEADLINE_WORDS} words and ${PRODUCT_BENEFITS} different benefits a buyer gets, each a phrase of 2 to ${BENEFIT_WORDS} words.`,
  ].join('\n');
}

/** The plan's lines, or undefined when the model did not give them all. */
export function parseProductPlan(text: string): ProductPlan | undefined {
  const headline = /^Headline: (.+)$/m.exec(text)?.[1]?.trim();
  const benefits = [...text.matchAll(/^- (.+)$/gm)].map((match) => (match[1] ?? '').trim());
  if (!headline || benefits.length !== PRODUCT_BENEFITS || benefits.includes('')) return undefined;
  return {
    headline: fitHeading(headline, HEADLINE_WORDS),
    benefits: benefits.map((benefit) => capitalised(fitHeading(benefit, BENEFIT_WORDS))),
  };
}

function title(brief: ProductBrief, plan: ProductPlan): string {
  return `# ${brief.productName}: ${plan.headline}\n\n`;
}

/** Each benefit in bold, as the plan named it, with one or two sentences that show it. */
export function benefitsGrammar(brief: ProductBrief, plan: ProductPlan): string {
  const bullets = plan.benefits.map(
    (benefit) => `"- **" ${literal(benefit)} ":** " ${sentences(2)} "\\n"`,
  );
  return [`root ::= ${bullets.join(' ')}`, proseRules(brief.profile.writingSystem)].join('\n');
}

export function writeProductDescription(
  request: ProductDescriptionRequest,
  context: WriterContext,
): Promise<Draft> {
  return writeDraftInTurn(context, EXPECTED_TOKENS, (turn, stream) =>
    writeDraft(request, turn, stream),
  );
}

async function writeDraft(
  request: ProductDescriptionRequest,
  context: WriterContext,
  stream: DraftStream,
): Promise<Draft> {
  const brief = briefOf(request);
  const expect = (extra: Partial<DraftExpectations> = {}): DraftExpectations => ({
    profile: brief.profile,
    ...extra,
  });
  const tally = new DraftTally();

  const planned = tally.add(
    await writeCheckedPart(context, stream, {
      request: {
        system: PLANNER_SYSTEM,
        prompt: productPlanPrompt(brief),
        maxTokens: 160,
        temperature: 0.6,
        grammar: productPlanGrammar(brief.profile),
      },
      clean: (raw) => raw.trim(),
      check: (text) => (parseProductPlan(text) ? [] : [UNREADABLE_PLAN]),
    }),
  );
  const plan = requirePlan(parseProductPlan(planned.text), planned.text, 'product description');

  const shared = [
    `The product: "${brief.productName}", for ${brief.audience}, in a ${brief.tone} tone.`,
    `Headline: ${plan.headline}`,
    `Benefits: ${plan.benefits.join('; ')}`,
  ].join('\n');
  let description = title(brief, plan);

  const writePart = async (instruction: string, grammar: string, maxTokens: number) => {
    const before = description;
    const part = tally.add(
      await writeCheckedPart(context, stream, {
        request: {
          system: WRITER_SYSTEM,
          prompt: `${shared}\n\n${instruction}`,
          maxTokens,
          temperature: 0.7,
          grammar,
        },
        instruction,
        clean: (raw) =>
          removeRepeatedSentences(
            removeTalkAboutThePost(cleanModelOutput(raw), brief.profile.locale),
            [],
            before,
          ),
        check: (text) => checkDraft(text, expect({ before })),
        shownBefore: before,
      }),
      // A part's length is judged on the whole description.
      ['length'],
    );
    return part.text;
  };

  description += await writePart(
    `Write the opening paragraph: 3 or 4 sentences, about 70 words, that say what "${brief.productName}" is and why ${brief.audience} will want it.`,
    paragraphGrammar(brief.profile.writingSystem, 5, 3),
    260,
  );
  description += '\n\n';
  description += await writePart(
    `Write the ${PRODUCT_BENEFITS} benefits as a list: each benefit in bold, then one sentence of about 12 words that shows it.`,
    benefitsGrammar(brief, plan),
    220,
  );
  description = `${description.trimEnd()}\n\n`;
  description += await writePart(
    'Write the closing: 2 sentences, about 30 words, that invite the reader to buy.',
    paragraphGrammar(brief.profile.writingSystem, 2, 2),
    120,
  );
  description = removeRepeatedSentences(description).trimEnd();
  stream.settle(description);

  const problems = checkDraft(
    description,
    expect({ title: true, words: PRODUCT_DESCRIPTION_WORDS, elements: [brief.productName] }),
  );
  return tally.draft(description, problems);
}
