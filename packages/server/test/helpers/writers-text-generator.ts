/**
 * A test double TextGenerator (tests only): each generate() call streams the next scripted reply
 * in small pieces and records what it was asked.
 */
import { UNSPACED_SCRIPT } from '@ai-tools/contracts';
import type { TextGenerationRequest, TextGenerator } from '../../src/providers/types.ts';

/**
 * A reply in the pieces a model streams it in: each word with the spaces after it, and each
 * character of a script written without spaces (Chinese, Japanese) on its own, as a model's tokens
 * come. Cut at spaces only, a Japanese reply came as one piece at its end, and no test could see
 * whether its text streamed as it was written (issue 22).
 */
export function streamedPieces(text: string): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const character of text) {
    const unspaced = UNSPACED_SCRIPT.test(character);
    if (piece !== '' && (unspaced || (/\s$/.test(piece) && !/\s/.test(character)))) {
      pieces.push(piece);
      piece = '';
    }
    piece += character;
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}

export interface ScriptedTextGenerator extends TextGenerator {
  requests: TextGenerationRequest[];
}

export function scriptedTextGenerator(replies: string[]): ScriptedTextGenerator {
  const requests: TextGenerationRequest[] = [];
  return {
    requests,
    status: () => ({ engine: 'scripted test double', tier: 'neural', ready: true }),
    close: async () => {},
    async *generate(request) {
      requests.push(request);
      const reply = replies[requests.length - 1];
      if (reply === undefined) throw new Error(`no scripted reply for call ${requests.length}`);
      for (const piece of streamedPieces(reply)) {
        if (request.signal?.aborted) return;
        await new Promise((resolve) => setImmediate(resolve));
        yield piece;
      }
    },
  };
}

/**
 * A generator that yields one token and then hangs forever, ignoring its signal: the collector
 * must still give up on the visitor's abort or the deadline. `hanging` resolves once the consumer
 * waits for the token that never comes, so a test stops it mid-generation whatever the machine's
 * speed; `stopped` resolves when the consumer tells it to stop.
 */
export function hangingTextGenerator(): TextGenerator & {
  returned: boolean;
  hanging: Promise<void>;
  stopped: Promise<void>;
} {
  let nowHanging = () => {};
  let nowStopped = () => {};
  const generator = {
    returned: false,
    hanging: new Promise<void>((resolve) => (nowHanging = resolve)),
    stopped: new Promise<void>((resolve) => (nowStopped = resolve)),
    status: () => ({ engine: 'hanging test double', tier: 'neural' as const, ready: true }),
    close: async () => {},
    generate(): AsyncIterable<string> {
      let calls = 0;
      return {
        [Symbol.asyncIterator]: () => ({
          next: () => {
            if (calls++ === 0) return Promise.resolve({ done: false, value: 'Once ' });
            nowHanging();
            return new Promise<IteratorResult<string>>(() => {});
          },
          return: async () => {
            generator.returned = true;
            nowStopped();
            return { done: true, value: undefined };
          },
        }),
      };
    },
  };
  return generator;
}

const ADJECTIVES = ['small', 'brave', 'quiet', 'clever', 'sleepy', 'eager', 'gentle'];
const VERBS = [
  'ran across',
  'walked around',
  'jumped over',
  'looked at',
  'rested near',
  'slipped past',
  'climbed onto',
  'danced beside',
  'wandered through',
  'sniffed along',
  'hurried toward',
];
const PLACES = [
  'field',
  'river',
  'bridge',
  'garden',
  'hill',
  'barn',
  'forest',
  'pond',
  'meadow',
  'orchard',
  'harbour',
  'valley',
  'market',
];
/** Each animal's own offset in the word lists, so two animals' sentences differ in their words. */
const offsets = new Map<string, number>();

/**
 * Words of filler prose, in whole sentences of ten words each, about the given animal. Each
 * sentence is its own (the day, the adjective, the verb and the place change): the writers drop a
 * sentence said twice, or nearly, as a loop.
 */
export function sentences(words: number, animal = 'fox'): string {
  if (!offsets.has(animal)) offsets.set(animal, offsets.size * 5);
  const offset = offsets.get(animal) ?? 0;
  const pick = (list: string[], index: number) => list[index % list.length] ?? '';
  return Array.from(
    { length: Math.round(words / 10) },
    (_, day) =>
      `On day ${day + 1} the ${pick(ADJECTIVES, offset + day)} ${animal} ${pick(VERBS, offset + 2 * day)} the ${pick(PLACES, offset + 3 * day)}.`,
  ).join(' ');
}

/** What a writer double answers to one request, or undefined for its usual good answer. */
export type WriterReply = (request: TextGenerationRequest, call: number) => string | undefined;

/** A reply that answers the requests whose prompt holds `promptPart` with `answer`. */
export function answering(promptPart: string, answer: string): WriterReply {
  return (request) => (request.prompt.includes(promptPart) ? answer : undefined);
}

/**
 * A test double that answers each of the writers' requests (plans and parts) the way a model that
 * follows the grammars would: plans in their labelled lines, parts of about the words asked for.
 * `reply` may answer a request otherwise, to give a part a problem.
 */
export function writerDouble(reply: WriterReply = () => undefined): ScriptedTextGenerator {
  const requests: TextGenerationRequest[] = [];
  return {
    requests,
    status: () => ({ engine: 'writer test double', tier: 'neural', ready: true }),
    close: async () => {},
    async *generate(request) {
      requests.push(request);
      const text = reply(request, requests.length) ?? usualAnswer(request, requests.length);
      for (const piece of streamedPieces(text)) {
        if (request.signal?.aborted) return;
        await new Promise((resolve) => setImmediate(resolve));
        yield piece;
      }
    },
  };
}

const ANIMALS = ['fox', 'hare', 'owl', 'cat', 'dog', 'bee', 'elk', 'yak'];

/** Each call's sentences name their own animal, so no sentence repeats one of another part. */
function usualAnswer(request: TextGenerationRequest, call: number): string {
  const { prompt } = request;
  const words = Number(/about (\d+) (?:spoken )?words/.exec(prompt)?.[1] ?? 60);
  const animal = `${ANIMALS[call % ANIMALS.length] ?? 'fox'}${call}`;
  let paragraph = 0;
  const prose = () => sentences(Math.max(10, words), `p${(paragraph += 1)}${animal}`);
  if (prompt.includes('Plan a blog post')) {
    // The keywords where the plan's grammar puts them: the main one starts the title, the others
    // the first sections.
    const main = /Main keyword: "([^"]+)"/.exec(prompt)?.[1];
    const others = [
      ...(/Other keywords[^:]*: (.*)\.$/m.exec(prompt)?.[1]?.matchAll(/"([^"]+)"/g) ?? []),
    ].map((match) => match[1]);
    const sections = ['Why Sleep Matters', 'Your Evening Routine', 'Your Bedroom', 'Your Morning'];
    return [
      `Title: ${main ? `${main}: ` : ''}Better Sleep: A Plan That Works`,
      'Meta description: Sleep better tonight with four simple changes to your evening, your bedroom and your morning routine.',
      'Sections:',
      ...sections.map(
        (section, index) => `- ${others[index] ? `${others[index]}: ` : ''}${section}`,
      ),
      'Closing section: Conclusion',
      '',
    ].join('\n');
  }
  if (prompt.includes('Plan the story')) {
    return [
      'Title: The Hidden Treasure',
      'Characters: Mia, a brave girl.',
      'Place: An old harbour.',
      'Beginning: Mia finds a map.',
      'Middle: She follows it.',
      'Ending: She shares the treasure.',
      '',
    ].join('\n');
  }
  if (prompt.includes('Plan the product description')) {
    return 'Headline: Run Further on Any Trail\nBenefits:\n- Grip on wet rock\n- Light on long runs\n- Made from recycled rubber\n';
  }
  if (prompt.includes('benefits as a list')) {
    const benefits = ['Grip on wet rock', 'Light on long runs', 'Made from recycled rubber'];
    return benefits
      .map((benefit, index) => `- **${benefit}:** ${sentences(20, `b${index}${animal}`)}`)
      .join('\n');
  }
  if (prompt.includes('Plan the script')) {
    const names = [...prompt.matchAll(/^- ([^(]+) \(\d/gm)].map((match) => match[1]?.trim());
    return [
      'Title: Two Minutes to Done',
      ...names.map((name) => `${name}: Say something useful.`),
      '',
    ].join('\n');
  }
  if (prompt.includes('Write the section ') && prompt.includes('voice-over')) {
    const spoken = Array.from({ length: words }, (_, index) => `${animal}w${index}`).join(' ');
    return `- **Voiceover:** ${spoken}.\n- **On-screen text:** Start now\n- **B-roll:** A desk with a timer\n`;
  }
  if (/Write section \d/.test(prompt)) {
    const tips = [1, 2, 3].map((tip) => `- ${sentences(10, `t${tip}${animal}`)}`).join('\n');
    return `${prose()}\n\n${prose()}\n\n${tips}\n`;
  }
  // An introduction asked to name the main keyword names it.
  const keyword = /says "([^"]+)" once/.exec(prompt)?.[1];
  return keyword ? `This post is about ${keyword}. ${prose()}` : prose();
}
