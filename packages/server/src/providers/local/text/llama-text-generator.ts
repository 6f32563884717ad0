/**
 * Text generation on this machine with node-llama-cpp and a GGUF model. The model loads once, with
 * one context of TEXT_PARALLEL sequences; each generation gets a fresh chat session on a free
 * sequence, formatted by the model's own chat template, and llama.cpp decodes the running
 * sequences together in one batch. It evaluates on its own native threads, so the event loop stays
 * free while a generation runs; the queue runs no more generations than there are sequences.
 */
import { randomInt } from 'node:crypto';
import { basename } from 'node:path';
import {
  getLlama,
  LlamaChatSession,
  LlamaLogLevel,
  resolveChatWrapper,
  type ChatWrapper,
  type Llama,
  type LlamaContext,
  type LlamaContextSequence,
  type LlamaGrammar,
  type LlamaModel,
} from 'node-llama-cpp';
import type { EngineStatus, StoryLanguage } from '@ai-tools/contracts';
import { JobQueue, QueuePlace } from '../../job-queue.ts';
import type { EngineRequestOptions, TextGenerationRequest, TextGenerator } from '../../types.ts';
import { GenerationAbortedError } from '../../../errors.ts';
import { requestInTurn } from '../../text-turn.ts';
import { piecesWhileRunning } from '../../text-pieces.ts';

export interface LlamaTextGeneratorOptions {
  modelPath: string;
  /** Tokens of prompt plus answer the context holds; capped by what the model was trained on. */
  contextSize?: number;
  /** Generations that may wait while all the running ones run. */
  maxWaiting?: number;
  /**
   * Generations that run at once, each on its own sequence of the one context (TEXT_PARALLEL):
   * llama.cpp decodes their next tokens in one batch, which on a CPU costs little more than one
   * sequence's token, since decoding waits on memory, not arithmetic.
   */
  parallel?: number;
  /**
   * CPU threads for one generation; 0 (TEXT_THREADS' default) or unset is every math core (see
   * below). node-llama-cpp reads 0 as no limit, and a context made so never wrote a token here:
   * the writers' benchmark, which passed TEXT_THREADS on, hung at 200% CPU.
   */
  threads?: number;
  /**
   * A fixed seed for the sampling: the same request then gives the same text, so a test of a
   * story's length reads the same story on every run. Without it every generation is random.
   */
  seed?: number;
  /** The story languages the model writes poorly (its manifest entry's), told in its status. */
  weakLanguages?: readonly StoryLanguage[];
}

export interface GenerationFigures {
  /** Which of the context's sequences wrote it, from 0. */
  sequence: number;
  generatedTokens: number;
  stopReason: string;
  /** From the start of the job (prompt evaluation included) to the first generated token. */
  firstTokenMs: number;
  totalMs: number;
  /** Prompt tokens this generation read (the part already in its sequence is not read again). */
  promptTokensRead: number;
}

const DEFAULT_CONTEXT_SIZE = 4096;
const DEFAULT_TEMPERATURE = 0.7;
/**
 * Parsed grammars kept: every shape the writers use over and over (the scripts' 28 platform and
 * duration plans, the stories', the blog's without keywords), with room for the blogs' keyword
 * grammars, which are made per request.
 */
export const GRAMMAR_CACHE_SIZE = 64;
/**
 * Small models fall into loops ("You need to make a plan. You need to make a plan...") and copy
 * their instructions. DRY makes repeating any sequence of more than a few tokens from the whole
 * context (the prompt included) ever less likely, while ":" "*" and line breaks stay free for
 * markdown labels and lists; the classic penalty damps single words said too often.
 */
const DRY_REPEAT_PENALTY = { strength: 0.8, base: 1.75, allowedLength: 3 };
const REPEAT_PENALTY = { penalty: 1.1, lastTokens: 64, penalizeNewLine: false };
/**
 * llama.cpp cannot be stopped inside a decode, and node-llama-cpp queues a whole prompt as one:
 * Stop while a 700-token prompt was read waited for all of it (16 s on one thread, 8 s on two).
 * The prompt is read in pieces of about this long, with the Stop checked between them (ADR 057).
 */
const PROMPT_PIECE_SECONDS = 0.5;
/**
 * Bounds of a piece, in tokens. Pieces cost reading speed: on 2 threads the default model read 82
 * tokens/s at once, 77 in pieces of 256, 73 of 128 and 68 to 70 of 32 to 64, so below a few
 * hundred the size hardly matters and the half second decides (ADR 057). The floor is low so that
 * it decides on a slow CPU or one thread too: there 32 tokens took up to 2 s, and a Stop as long.
 */
const PROMPT_PIECE_TOKENS = { least: 8, most: 512 };

/** Loads the model and its context. Throws when the file is not a model llama.cpp can load. */
export async function loadLlamaTextGenerator(
  options: LlamaTextGeneratorOptions,
): Promise<LlamaTextGenerator> {
  // build: 'never' uses the prebuilt binary from npm and never compiles or downloads at run time.
  const llama = await getLlama({ build: 'never', gpu: false, logLevel: LlamaLogLevel.error });
  let model: LlamaModel | undefined;
  try {
    // Read, not mapped: llama.cpp repacks the weights for the CPU into memory of its own, so a
    // mapping kept the file's pages resident beside that copy (2.0 GB for the 1.1 GB model; read,
    // 1.4 GB).
    model = await llama.loadModel({ modelPath: options.modelPath, useMmap: false });
    const contextSize = Math.min(
      options.contextSize ?? DEFAULT_CONTEXT_SIZE,
      model.trainContextSize,
    );
    const context = await model.createContext({
      contextSize,
      sequences: options.parallel ?? 1,
      threads: options.threads || defaultThreads(llama),
    });
    return new LlamaTextGenerator(llama, model, context, options);
  } catch (error) {
    await model?.dispose();
    await llama.dispose();
    throw error;
  }
}

/**
 * Every core: the default model writes 11.8 tokens/s on 2 threads of the idle 2-core machine
 * against 6.4 on one, which the writers' targets need (ADR 029). The cost comes when another
 * engine runs at the same time: llama.cpp's threads wait for each other by spinning, so beside a
 * Kokoro synthesis 2 threads fell to 2.7 tokens/s where 1 kept 5.6. A server that speaks and
 * transcribes much while it writes sets TEXT_THREADS=1.
 */
function defaultThreads(llama: Llama) {
  return Math.max(1, llama.cpuMathCores);
}

/** A writer's turn: its place in line and, from its first generation, the sequence it writes on. */
interface Turn {
  place: QueuePlace;
  jobs: Set<Promise<void>>;
  sequence?: LlamaContextSequence;
}

export class LlamaTextGenerator implements TextGenerator {
  /** All the context's sequences. */
  private readonly sequences: LlamaContextSequence[] = [];
  /** The context's sequences that no running generation or turn holds. */
  private readonly freeSequences: LlamaContextSequence[] = [];
  /** The sequence that last wrote, for `contextText()`. */
  private lastSequence: LlamaContextSequence;
  private readonly chatWrapper: ChatWrapper;
  private readonly queue: JobQueue;
  private closed = false;
  /** Each grammar is parsed once: the writers use a few shapes over and over. */
  private readonly grammars = new Map<string, Promise<LlamaGrammar>>();
  /** Figures of the last finished generation, for benchmarks and diagnostics. */
  lastGeneration?: GenerationFigures;

  /** How many parsed grammars are kept, for diagnostics: never more than GRAMMAR_CACHE_SIZE. */
  get cachedGrammars(): number {
    return this.grammars.size;
  }

  constructor(
    private readonly llama: Llama,
    private readonly model: LlamaModel,
    private readonly context: LlamaContext,
    private readonly options: LlamaTextGeneratorOptions,
  ) {
    this.lastSequence = context.getSequence();
    this.sequences.push(this.lastSequence);
    while (this.sequences.length < context.totalSequences) {
      this.sequences.push(context.getSequence());
    }
    this.freeSequences.push(...this.sequences);
    // The model's own template: a known format when node-llama-cpp recognises it, else the jinja
    // template from the file itself.
    this.chatWrapper = resolveChatWrapper(model);
    // Work is counted in the tokens a generation may write (its maxTokens): the time per token
    // measured that way also holds the prompt's reading and the answers that stop early.
    // Each running job or turn holds one sequence, so a job that starts always finds one free.
    this.queue = new JobQueue({
      concurrency: context.totalSequences,
      maxWaiting: options.maxWaiting ?? 2,
      expectedSecondsPerUnit: 0.1,
      // A sentence's worth of tokens.
      guessWeight: 50,
    });
  }

  status(): EngineStatus {
    const weakLanguages = this.options.weakLanguages ?? [];
    return {
      engine: basename(this.options.modelPath),
      tier: 'neural',
      ready: !this.closed,
      ...(weakLanguages.length > 0 ? { weakLanguages: [...weakLanguages] } : {}),
    };
  }

  get queueSize() {
    return this.queue.size;
  }

  /** Generations that run at once (TEXT_PARALLEL). */
  get parallel(): number {
    return this.context.totalSequences;
  }

  /** The CPU threads one generation uses (TEXT_THREADS, else every core). */
  get threads(): number {
    return this.context.currentThreads;
  }

  /** The name of the chat format in use, such as 'ChatML' or 'Jinja' (the file's own template). */
  get chatFormat(): string {
    return this.chatWrapper.wrapperName;
  }

  /** What the model last read and wrote, special tokens included: shows the template at work. */
  contextText(): string {
    return this.model.detokenize(this.lastSequence.contextTokens, true);
  }

  /** Tokens of a text for this model, special tokens read as such. */
  tokenCount(text: string): number {
    return this.model.tokenize(text, true).length;
  }

  generate(request: TextGenerationRequest): AsyncIterable<string> {
    return this.generateIn(request);
  }

  async inTurn<T>(
    options: EngineRequestOptions & { expectedTokens: number },
    work: (generator: Pick<TextGenerator, 'generate'>) => Promise<T>,
  ): Promise<T> {
    // Each generation's own signal ends with it: the turn's place listens to the writer's.
    const turn: Turn = {
      place: new QueuePlace(options.expectedTokens, options.signal),
      jobs: new Set(),
    };
    try {
      return await work({
        generate: (request) => this.generateIn(requestInTurn(request, options), turn),
      });
    } finally {
      // A writer that gives up (Stop, its deadline) does not wait for the engine to stop; the
      // place frees only once it has, so the next turn never shares the context sequence.
      await Promise.allSettled(turn.jobs);
      if (turn.sequence) this.freeSequences.push(turn.sequence);
      turn.place.leave();
    }
  }

  /** One generation, in its own place in line or in the place of a turn. */
  private generateIn(request: TextGenerationRequest, turn?: Turn): AsyncIterable<string> {
    return piecesWhileRunning(request.signal, (push, stop) => {
      const job = this.queue.run(
        (signal) =>
          this.onSequence(turn, (sequence) => this.runPrompt(sequence, request, signal, push)),
        {
          signal: stop,
          visitor: request.visitor,
          tool: request.tool,
          onQueuePosition: request.onQueuePosition,
          cost: request.maxTokens,
          place: turn?.place,
        },
      );
      turn?.jobs.add(job);
      void job.finally(() => turn?.jobs.delete(job)).catch(() => {});
      return job;
    });
  }

  /**
   * Runs `work` on a free sequence: the turn's own (kept from its first generation to its end, so
   * each part reuses the plan already read), or one lent for this generation alone.
   */
  private async onSequence<T>(
    turn: Turn | undefined,
    work: (sequence: LlamaContextSequence) => Promise<T>,
  ): Promise<T> {
    if (turn?.sequence) {
      this.lastSequence = turn.sequence;
      return work(turn.sequence);
    }
    const sequence = this.freeSequences.pop();
    // The queue runs no more jobs than there are sequences; this would be a bug of ours.
    if (!sequence) throw new Error('No free context sequence for a running generation');
    this.lastSequence = sequence;
    if (turn) {
      turn.sequence = sequence;
      return work(sequence);
    }
    try {
      return await work(sequence);
    } finally {
      this.freeSequences.push(sequence);
    }
  }

  private async runPrompt(
    sequence: LlamaContextSequence,
    request: TextGenerationRequest,
    signal: AbortSignal,
    onTextChunk: (chunk: string) => void,
  ) {
    if (signal.aborted) return;
    const grammar = request.grammar ? await this.grammarFor(request.grammar) : undefined;
    const session = new LlamaChatSession({
      contextSequence: sequence,
      chatWrapper: this.chatWrapper,
      systemPrompt: request.system,
      autoDisposeSequence: false,
    });
    const startedAt = performance.now();
    let firstTokenAt: number | undefined;
    const outputTokensBefore = sequence.tokenMeter.usedOutputTokens;
    const inputTokensBefore = sequence.tokenMeter.usedInputTokens;
    let stopReason: string | undefined;
    try {
      await this.readPrompt(sequence, session, request.prompt, signal);
      if (signal.aborted) throw new GenerationAbortedError();
      ({ stopReason } = await session.promptWithMeta(request.prompt, {
        maxTokens: request.maxTokens,
        temperature: request.temperature ?? DEFAULT_TEMPERATURE,
        // node-llama-cpp's own default seed is the current second: two visitors asking the same
        // in one second would read the same text.
        seed: this.options.seed ?? randomInt(2 ** 32 - 1),
        grammar,
        repeatPenalty: REPEAT_PENALTY,
        dryRepeatPenalty: DRY_REPEAT_PENALTY,
        signal,
        stopOnAbortSignal: true,
        onToken: () => {
          firstTokenAt ??= performance.now();
        },
        onTextChunk: (chunk) => {
          if (chunk !== '') onTextChunk(chunk);
        },
      }));
    } catch (error) {
      // Stopped while it read its prompt: node-llama-cpp throws instead of returning 'abort'.
      if (signal.aborted) stopReason = 'abort';
      throw error;
    } finally {
      const finishedAt = performance.now();
      if (stopReason !== undefined)
        this.lastGeneration = {
          sequence: this.sequences.indexOf(sequence),
          generatedTokens: sequence.tokenMeter.usedOutputTokens - outputTokensBefore,
          stopReason,
          firstTokenMs: (firstTokenAt ?? finishedAt) - startedAt,
          totalMs: finishedAt - startedAt,
          promptTokensRead: sequence.tokenMeter.usedInputTokens - inputTokensBefore,
        };
      session.dispose({ disposeSequence: false });
    }
  }

  /**
   * Reads the conversation into the sequence as the chat session will write it, a piece at a time,
   * so that Stop is heard between pieces; the session then finds it read and starts writing. What
   * the sequence already holds (a writer's plan, read for its earlier part) is kept.
   */
  private async readPrompt(
    sequence: LlamaContextSequence,
    session: LlamaChatSession,
    prompt: string,
    signal: AbortSignal,
  ) {
    const { contextText } = this.chatWrapper.generateContextState({
      chatHistory: [
        ...session.getChatHistory(),
        { type: 'user', text: prompt },
        { type: 'model', response: [] },
      ],
    });
    // The last token is the session's to read: it decodes it with the first token it writes.
    const tokens = contextText.tokenize(this.model.tokenizer).slice(0, -1);
    // A prompt the context cannot hold is left to the session, which says so.
    if (tokens.length >= sequence.contextSize - 1) return;
    await sequence.adaptStateToTokens(tokens, false);
    let pieceTokens = PROMPT_PIECE_TOKENS.least;
    for (let read = sequence.nextTokenIndex; read < tokens.length && !signal.aborted;) {
      const piece = tokens.slice(read, read + pieceTokens);
      read += piece.length;
      const pieceStartedAt = performance.now();
      await sequence.evaluateWithoutGeneratingNewTokens(piece);
      const tokensPerSecond = piece.length / ((performance.now() - pieceStartedAt) / 1000);
      pieceTokens = Math.round(
        Math.min(
          PROMPT_PIECE_TOKENS.most,
          Math.max(PROMPT_PIECE_TOKENS.least, tokensPerSecond * PROMPT_PIECE_SECONDS),
        ),
      );
    }
  }

  private grammarFor(text: string): Promise<LlamaGrammar> {
    let grammar = this.grammars.get(text);
    if (!grammar) {
      grammar = this.llama.createGrammar({ grammar: text });
      // A grammar that fails to parse is a bug of ours; it must not stay cached.
      grammar.catch(() => this.grammars.delete(text));
      // Grammars made for one request (a blog's keywords) must not pile up: the oldest goes.
      if (this.grammars.size >= GRAMMAR_CACHE_SIZE) {
        const oldest = this.grammars.keys().next().value;
        if (oldest !== undefined) this.grammars.delete(oldest);
      }
      this.grammars.set(text, grammar);
    }
    return grammar;
  }

  async close() {
    if (this.closed) return;
    this.closed = true;
    await this.context.dispose();
    await this.model.dispose();
    await this.llama.dispose();
  }
}
