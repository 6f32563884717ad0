/**
 * Plan, write, check (issue 20): a writer fixes an outline, writes its text part by part against
 * it, checks each part as it is finished, and writes a failing part once more. The page follows
 * the draft as it grows; when a part is written again, it goes back to the text before that part.
 */
import { WRITER_MESSAGES, type DraftReport } from '@ai-tools/contracts';
import { EmptyResultError } from '../errors.ts';
import type { TextGenerationRequest } from '../providers/types.ts';
import { DRAFT_CHECKS, type DraftCheck, type DraftProblem } from './draft-check.ts';
import {
  cleanModelOutput,
  closeOpenQuotes,
  collectText,
  countWords,
  dropUnfinishedSentence,
  inEngineTurn,
  removeRepeatedSentences,
  removeSentencesOf,
  requireText,
  WritingTooSlowError,
  type WriterContext,
} from './writing.ts';

/** A writer's finished text and what its check says about it. */
export interface Draft {
  text: string;
  /** What is still wrong after the rewrites: the visitor is told, never shown a success. */
  problems: DraftProblem[];
  /** What the first attempt of each part (and of the plan) got wrong: for the benchmark. */
  firstAttemptProblems: DraftProblem[];
  /** Parts written a second time. */
  rewrites: number;
  /** The time limit ended the writing: the text is a partial draft. */
  cutOffAtTimeLimit?: boolean;
}

/**
 * The text the page shows while a writer works. Pieces are appended as the model writes them;
 * `settle` makes the shown text equal to a given one, with a replace event only when it is not
 * the shown text with more added.
 */
export class DraftStream {
  private shown = '';

  constructor(private readonly context: WriterContext) {}

  get text() {
    return this.shown;
  }

  append(piece: string) {
    if (piece === '') return;
    this.shown += piece;
    this.context.onText?.(piece);
  }

  settle(text: string) {
    if (text === this.shown) return;
    if (text.startsWith(this.shown)) {
      this.append(text.slice(this.shown.length));
      return;
    }
    this.shown = text;
    this.context.onReplaceText?.(text);
  }
}

/** A plan that came back without its labelled lines: written again, and if again, nothing. */
export const UNREADABLE_PLAN: DraftProblem = {
  check: 'readable plan',
  message: 'the plan does not have the labelled lines asked for',
};

export type PartRequest = Omit<
  TextGenerationRequest,
  'signal' | 'visitor' | 'tool' | 'onQueuePosition'
>;

export interface PartSpecification {
  request: PartRequest;
  /**
   * The words of the prompt that tell the model what to write (not the plan, not the text so far):
   * a sentence of the part that says them back is dropped, as one that says the system prompt.
   */
  instruction?: string;
  /** Makes the model's raw text into the part as it will be shown. */
  clean: (raw: string) => string;
  /** The part's problems; none means it passes. */
  check: (part: string) => DraftProblem[];
  /**
   * What the page shows before the part (the draft so far with the part's heading), or undefined
   * for a part nobody sees, such as the outline.
   */
  shownBefore?: string;
  /** How a visible part still short after its rewrite is continued, for parts that may be. */
  continuation?: PartContinuation;
}

/**
 * A part of prose still short of its length after its rewrite goes on from its last sentence
 * once: most often its chatter was cleaned away ("¡No te preocupes!" was all that was left of a
 * Spanish introduction, twice), and what is left reads well; it only needs more of it. A part
 * with nothing left (an English introduction, twice, in the fourth benchmark run) is written once
 * more under the same grammar.
 */
export interface PartContinuation {
  /** The words the part lacks to its least; 0 when it has them. */
  missingWords: (part: string) => number;
  /** The grammar of the sentences added: the part's own prose, fewer sentences. */
  grammar: string;
}

export interface WrittenPart {
  text: string;
  problems: DraftProblem[];
  firstAttemptProblems: DraftProblem[];
  rewritten: boolean;
}

/**
 * What a writer's parts went through: the problems of their first attempts, the rewrites, and
 * what a part still had after its rewrite. The last are named with the finished text's own
 * problems: a part that came back empty or short twice ("Morning hydration: Why…." for an
 * introduction) may leave no trace a check of the whole could see.
 */
export class DraftTally {
  private readonly firstAttemptProblems: DraftProblem[] = [];
  private readonly remainingProblems: DraftProblem[] = [];
  private rewrites = 0;

  /**
   * `judgedOnTheWhole` names the checks a part is held to only as a way to the whole: a story's
   * beginning one word short of its share is no fault when the story has its length.
   */
  add(part: WrittenPart, judgedOnTheWhole: readonly DraftCheck[] = []): WrittenPart {
    this.firstAttemptProblems.push(...part.firstAttemptProblems);
    // A repeat is no longer there: the assembled text loses the sentences said twice.
    this.remainingProblems.push(
      ...part.problems.filter(
        (problem) =>
          problem.check !== 'no sentence said twice' && !judgedOnTheWhole.includes(problem.check),
      ),
    );
    if (part.rewritten) this.rewrites += 1;
    return part;
  }

  /**
   * A plan that is notes nobody reads (a story's, a script's): its problems count for the
   * benchmark's first attempts and its rewrite as a rewrite, but are not named with the draft's
   * ("Lina, Madame Roux, immeuble (with a…" in a French story's plan was named over a story in good
   * French). What of it reaches the text (its title, a missing name) the check of the whole finds
   * there. A blog's plan is its headings, shown as they are: it is added as a part.
   */
  addPlan(plan: WrittenPart): WrittenPart {
    return this.add(plan, DRAFT_CHECKS);
  }

  draft(text: string, problems: DraftProblem[]): Draft {
    const named = new Set<string>();
    const all = [...this.remainingProblems, ...problems].filter((problem) => {
      if (named.has(problem.message)) return false;
      named.add(problem.message);
      return true;
    });
    return {
      text,
      problems: all,
      firstAttemptProblems: this.firstAttemptProblems,
      rewrites: this.rewrites,
    };
  }
}

/**
 * Writes one part and checks it; a part with problems is written once more, told what was wrong,
 * and the attempt with fewer problems is kept. A part that may be continued and is still short
 * goes on from its last sentence once (PartContinuation).
 */
export async function writeCheckedPart(
  context: WriterContext,
  stream: DraftStream,
  part: PartSpecification,
): Promise<WrittenPart> {
  /**
   * Writes the part, with `note` after its prompt (why it is written again); `written` is the part
   * so far, shown to the model, which the new text goes on from.
   */
  const attempt = async (
    step: 'writing' | 'rewriting',
    { note = '', written = '', grammar = part.request.grammar } = {},
  ) => {
    context.onStep?.(part.shownBefore === undefined ? 'planning' : step);
    if (part.shownBefore !== undefined) {
      stream.settle(written === '' ? part.shownBefore : `${part.shownBefore}${written} `);
    }
    const partContext: WriterContext = {
      ...context,
      onText: part.shownBefore === undefined ? undefined : (piece) => stream.append(piece),
    };
    const request = {
      ...part.request,
      prompt: [
        part.request.prompt,
        ...(written === '' ? [] : [`The part so far:\n${written}`]),
        ...(note === '' ? [] : [note]),
      ].join('\n\n'),
      grammar,
    };
    const more = part.clean(await collectText(partContext, request));
    const cleaned =
      written === '' ? more : `${written} ${removeRepeatedSentences(more, [], written)}`.trim();
    // A visible part loses the sentences that say its system prompt or its instructions back
    // ("No heading, no greeting, no note to the reader about the text itself."), and then closes
    // the quotes its lines leave open (the closing sentence may have been one of them).
    const text =
      part.shownBefore === undefined
        ? cleaned
        : closeOpenQuotes(
            removeSentencesOf(
              cleaned,
              [request.system ?? '', part.instruction ?? '', note].join('\n'),
            ),
          );
    return { text, problems: part.check(text) };
  };

  const first = await attempt('writing');
  if (first.problems.length === 0) {
    return { ...first, firstAttemptProblems: [], rewritten: false };
  }
  const second = await attempt('rewriting', {
    note: `An earlier attempt was refused because ${first.problems.map((problem) => problem.message).join('; ')}. Write it again without these problems.`,
  });
  let kept = betterAttempt(first, second);
  const missing = part.continuation?.missingWords(kept.text) ?? 0;
  if (part.continuation && missing > 0) {
    // Nothing left at all (both attempts were chatter or said the plan back): the part is
    // written once more, told so, as the part of prose it is.
    const continued = await attempt('rewriting', {
      note:
        kept.text.trim() === ''
          ? `Earlier attempts left nothing a reader could use. Write only the part itself, about ${missing} words.`
          : `It is too short. Go on from where it stops with about ${missing} more words: only the next sentences, without saying again what it says.`,
      written: kept.text.trim(),
      grammar: part.continuation.grammar,
    });
    kept = betterAttempt(kept, continued);
  }
  return { ...kept, firstAttemptProblems: first.problems, rewritten: true };
}

/**
 * The plan a writer goes on with: a plan that came back empty is an empty result, one that came
 * back without its labelled lines (twice, as writeCheckedPart tried) is named as such; either way
 * the visitor is told to try again, and nothing is written against no plan.
 */
export function requirePlan<Plan>(plan: Plan | undefined, text: string, what: string): Plan {
  requireText(text, what);
  if (plan === undefined) throw new EmptyResultError(WRITER_MESSAGES.planUnreadable(what));
  return plan;
}

/**
 * Of two attempts at a part, the one with fewer problems, the later one on a tie; but a plan that
 * cannot be read never wins over one that can, whatever the latter's problems: the writer has
 * nothing to write against. Counted alone, an unreadable rewrite (one problem) beat a readable
 * plan with two, and SmolLM2's blog ended as "came back empty" in the browser test.
 */
function betterAttempt<T extends { problems: DraftProblem[] }>(first: T, second: T): T {
  const unreadable = (attempt: T) =>
    attempt.problems.some((problem) => problem.check === UNREADABLE_PLAN.check);
  if (unreadable(first) !== unreadable(second)) return unreadable(first) ? second : first;
  return second.problems.length <= first.problems.length ? second : first;
}

/**
 * A writer's whole run: its generations as one turn of the engine (inEngineTurn), the text shown
 * as it is written, and, when its time limit passes after some text was written, that text
 * answered as a partial draft (labelled as such on the page) rather than an error: a visitor who
 * watched it being written for minutes keeps it.
 */
export function writeDraftInTurn(
  context: WriterContext,
  expectedTokens: number,
  write: (turn: WriterContext, stream: DraftStream) => Promise<Draft>,
): Promise<Draft> {
  return inEngineTurn(context, expectedTokens, (turn) => {
    const stream = new DraftStream(turn);
    return keepingPartialDraft(stream, () => write(turn, stream));
  });
}

async function keepingPartialDraft(
  stream: DraftStream,
  write: () => Promise<Draft>,
): Promise<Draft> {
  try {
    return await write();
  } catch (error) {
    const written = dropUnfinishedSentence(cleanModelOutput(stream.text));
    if (error instanceof WritingTooSlowError && countWords(written) > 0) {
      return {
        text: written,
        problems: [],
        firstAttemptProblems: [],
        rewrites: 0,
        cutOffAtTimeLimit: true,
      };
    }
    throw error;
  }
}

/** The draft's report fields of a writer's answer (contracts' draftReportShape), set only when true. */
export function draftReport(draft: Draft): DraftReport {
  return {
    ...(draft.problems.length > 0
      ? { problems: draft.problems.map((problem) => problem.message) }
      : {}),
    ...(draft.cutOffAtTimeLimit ? { cutOffAtTimeLimit: true } : {}),
  };
}
