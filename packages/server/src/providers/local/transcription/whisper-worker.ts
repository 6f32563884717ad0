/**
 * The Whisper worker thread: loads the model once with transformers.js from local files only and
 * answers the transcriber's requests one at a time. It runs apart from the server's event loop
 * because the log-mel features (about 0.2 s of JavaScript per piece) and the decoding loop would
 * otherwise hold /api/health and every other request up while a transcription runs.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { workerData } from 'node:worker_threads';
import {
  AutoProcessor,
  AutoTokenizer,
  env,
  LogitsProcessor,
  LogitsProcessorList,
  StoppingCriteria,
  StoppingCriteriaList,
  Tensor,
  WhisperForConditionalGeneration,
  type FeatureExtractor,
  type PreTrainedTokenizer,
  type Processor,
} from '@huggingface/transformers';
import { InferenceSession, type Tensor as OnnxTensor } from 'onnxruntime-node';
import { UNSPACED_SCRIPT, type TimedWord, type TranscriptionTask } from '@ai-tools/contracts';
import { WHISPER_FILES } from '../../../models/manifest.ts';
import { serveEngine } from '../engine-worker.ts';
import { withoutGraphOutputs } from '../onnx-outputs.ts';
import { whisperFeatures } from './whisper-features.ts';
import type {
  DecodedPiece,
  LanguageScores,
  TimedText,
  WhisperReply,
  WhisperRequest,
  WhisperWorkerSettings,
} from './whisper-protocol.ts';

const settings = workerData as WhisperWorkerSettings;

// Local files only: a missing file must fail here, never turn into a download.
env.allowRemoteModels = false;
env.allowLocalModels = true;
env.localModelPath = settings.localModelPath;

const stopFlag = new Int32Array(settings.stopFlag);

/** Whisper's token ids this worker needs, read from the model's own generation config. */
interface WhisperTokens {
  startOfTranscript: number;
  endOfText: number;
  noSpeech: number;
  noTimestamps: number;
  /** The first timestamp token, <|0.00|>; each next one is 0.02 s later. */
  timestampBegin: number;
  languages: [code: string, id: number][];
}

/** <|startoftranscript|> <|language|> <|transcribe|> (or <|translate|>): every decode's prompt. */
const PROMPT_LENGTH = 3;

/** Whisper's seconds per timestamp token. */
const SECONDS_PER_TIMESTAMP = 0.02;
const SAMPLE_RATE = 16_000;
/** The encoder's output holds one position per 20 ms of audio (two feature frames of 10 ms). */
const SAMPLES_PER_ENCODER_POSITION = 320;

interface WhisperGenerationConfig {
  decoder_start_token_id: number;
  eos_token_id: number;
  no_timestamps_token_id: number;
  lang_to_id: Record<string, number>;
}

function readTokens(
  config: WhisperGenerationConfig,
  tokenizer: PreTrainedTokenizer,
): WhisperTokens {
  // Called <|nocaptions|> in the multilingual tokenizers of the first Whisper release.
  const vocabulary = tokenizer.get_vocab();
  const noSpeech = vocabulary.get('<|nospeech|>') ?? vocabulary.get('<|nocaptions|>');
  if (noSpeech === undefined) throw new Error('The Whisper tokenizer has no <|nospeech|> token.');
  return {
    startOfTranscript: config.decoder_start_token_id,
    endOfText: config.eos_token_id,
    noSpeech,
    noTimestamps: config.no_timestamps_token_id,
    timestampBegin: config.no_timestamps_token_id + 1,
    languages: Object.entries(config.lang_to_id).map(([token, id]) => [token.slice(2, -2), id]),
  };
}

/** log(sum(exp(values))), computed without overflow. */
function logSumExp(values: Float32Array | Float64Array): number {
  let largest = -Infinity;
  for (const value of values) if (value > largest) largest = value;
  if (largest === -Infinity) return -Infinity;
  let sum = 0;
  for (const value of values) sum += Math.exp(value - largest);
  return largest + Math.log(sum);
}

/**
 * Records the log-probability of each token the decoder chooses. It sees the scores of a step
 * before the timestamp rules run, and learns the token chosen from that step at the next call
 * (or from the finished sequence), so it never has to know the sampler.
 */
class TokenScoreRecorder extends LogitsProcessor {
  private pending?: { scores: Float32Array; normaliser: number };
  readonly logProbabilities: number[] = [];

  override _call(inputIds: bigint[][], logits: Tensor) {
    const chosen = inputIds[0]?.at(-1);
    if (this.pending && chosen !== undefined) this.settle(Number(chosen));
    const scores = Float32Array.from((logits as unknown as Tensor[])[0]?.data as Float32Array);
    this.pending = { scores, normaliser: logSumExp(scores) };
    return logits;
  }

  settle(chosen: number) {
    if (!this.pending) return;
    this.logProbabilities.push(
      (this.pending.scores[chosen] ?? -Infinity) - this.pending.normaliser,
    );
    this.pending = undefined;
  }
}

/** Stops the decode after the current token once the main thread raises the stop flag. */
class StopWhenAsked extends StoppingCriteria {
  override _call(inputIds: number[][]) {
    const stop = Atomics.load(stopFlag, 0) === 1;
    return inputIds.map(() => stop);
  }
}

/**
 * The one encoder output the decoder needs. The exported encoder also outputs its six attention
 * maps (72 MB each): asked for the hidden state alone, onnxruntime still computed and held all
 * six until the run ended (about 520 MB at each piece); without them as outputs of the graph a
 * run peaks at about 170 MB, and is faster.
 */
const ENCODER_OUTPUT = 'last_hidden_state';

/** onnxruntime's options for both sessions; only the memory arena differs between them. */
function sessionOptions(memoryArena: boolean) {
  return {
    enableCpuMemArena: memoryArena,
    intraOpNumThreads: 2,
    interOpNumThreads: 1,
    // Waiting threads sleep instead of spinning: on a shared 2-core machine spinning burnt
    // about a quarter more CPU time for no faster answer (bench/transcription).
    extra: { session: { intra_op: { allow_spinning: '0' } } },
  };
}

async function load() {
  // onnxruntime's CPU memory arena keeps the largest need of any run reserved. The encoder runs
  // once per piece with large tensors: an arena would keep them for good, so the model loads
  // without one. The decoder runs once per token with small tensors: with an arena it takes about
  // a third less CPU time, so its session is made again with one, from the file itself (measured
  // in bench/transcription and bench/memory). The encoder is made again too, without its
  // attention maps as outputs (onnx-outputs.ts, ADR 046).
  const [processor, tokenizer, model] = await Promise.all([
    AutoProcessor.from_pretrained(settings.modelId),
    AutoTokenizer.from_pretrained(settings.modelId),
    WhisperForConditionalGeneration.from_pretrained(settings.modelId, {
      dtype: 'q8',
      device: 'cpu',
      session_options: sessionOptions(false),
    }),
  ]);
  const sessions = (model as unknown as { sessions: Record<string, ModelSession> }).sessions;
  const { model: encoder, decoder_model_merged: decoder } = sessions;
  if (!encoder || !decoder) throw new Error('Whisper has no encoder or decoder session.');
  const modelFolder = join(settings.localModelPath, settings.modelId);
  const encoderFile = await readFile(join(modelFolder, WHISPER_FILES.encoder));
  const [hiddenStateEncoder, decoderWithArena] = (await Promise.all([
    InferenceSession.create(
      withoutGraphOutputs(encoderFile, (name) => name !== ENCODER_OUTPUT),
      sessionOptions(false),
    ),
    InferenceSession.create(join(modelFolder, WHISPER_FILES.decoder), sessionOptions(true)),
  ])) as unknown as [ModelSession, ModelSession];
  // transformers.js keeps its own settings for a session on the session itself.
  hiddenStateEncoder.config = encoder.config;
  decoderWithArena.config = decoder.config;
  sessions.model = hiddenStateEncoder;
  sessions.decoder_model_merged = decoderWithArena;
  await Promise.all([encoder.release(), decoder.release()]);
  const config = model.generation_config as unknown as WhisperGenerationConfig;
  return { processor, tokenizer, model, tokens: readTokens(config, tokenizer) };
}

type Whisper = Awaited<ReturnType<typeof load>>;

/** The part of onnxruntime's session this worker handles itself. */
interface ModelSession {
  run(feeds: Record<string, unknown>, fetches: string[]): Promise<Record<string, OnnxTensor>>;
  release(): Promise<void>;
  config?: unknown;
}

/** A piece's log-mel features and what the encoder made of them, computed once per piece. */
interface EncodedPiece {
  inputFeatures: Tensor;
  encoderOutputs: Tensor;
}

async function encode(whisper: Whisper, samples: Float32Array): Promise<EncodedPiece> {
  const inputFeatures = await whisperFeatures(
    (whisper.processor as Processor & { feature_extractor: FeatureExtractor }).feature_extractor,
    samples,
  );
  const session = (whisper.model as unknown as { sessions: Record<string, ModelSession> }).sessions
    .model;
  if (!session) throw new Error('Whisper has no encoder session.');
  const { [ENCODER_OUTPUT]: hiddenState } = await session.run(
    { input_features: (inputFeatures as unknown as { ort_tensor: unknown }).ort_tensor },
    [ENCODER_OUTPUT],
  );
  if (!hiddenState) throw new Error('The Whisper encoder gave no last_hidden_state.');
  const encoderOutputs = new Tensor(hiddenState);
  return { inputFeatures, encoderOutputs };
}

/**
 * The decoder's first step after <|startoftranscript|>: which language Whisper hears (over the
 * language tokens only, as Whisper's own detect_language does) and whether it hears speech.
 */
async function firstStep(
  whisper: Whisper,
  encoded: EncodedPiece,
): Promise<LanguageScores & { noSpeechProbability: number }> {
  const { startOfTranscript, languages, noSpeech } = whisper.tokens;
  const outputs = (await whisper.model.forward({
    encoder_outputs: encoded.encoderOutputs,
    decoder_input_ids: new Tensor('int64', [BigInt(startOfTranscript)], [1, 1]),
  })) as { logits: Tensor };
  const scores = outputs.logits.data as Float32Array;
  const languageScores = Float32Array.from(languages, ([, id]) => scores[id] ?? -Infinity);
  const normaliser = logSumExp(languageScores);
  const probabilities: Record<string, number> = {};
  languages.forEach(([code], index) => {
    probabilities[code] = Math.exp((languageScores[index] ?? -Infinity) - normaliser);
  });
  const noSpeechProbability = Math.exp((scores[noSpeech] ?? -Infinity) - logSumExp(scores));
  return { probabilities, noSpeechProbability };
}

async function detectLanguage(whisper: Whisper, samples: Float32Array): Promise<LanguageScores> {
  const { probabilities } = await firstStep(whisper, await encode(whisper, samples));
  return { probabilities };
}

function likeliest(probabilities: Record<string, number>): string {
  const [best] = Object.entries(probabilities).sort((first, second) => second[1] - first[1]);
  return best?.[0] ?? 'en';
}

/**
 * Splits the generated tokens at Whisper's timestamp tokens into timed stretches of text, each
 * with its words timed by the token times (`tokenTimes[i]` is when token i starts).
 */
function timedParts(
  whisper: Whisper,
  generated: number[],
  tokenTimes: number[],
  pieceSeconds: number,
): TimedText[] {
  const { timestampBegin, endOfText } = whisper.tokens;
  const parts: TimedText[] = [];
  let start: number | undefined;
  let textTokens: { token: number; time: number }[] = [];
  const close = (end?: number) => {
    const text =
      textTokens.length > 0
        ? whisper.tokenizer
            .decode(
              textTokens.map(({ token }) => token),
              { skip_special_tokens: true },
            )
            .trim()
        : '';
    if (text)
      parts.push({ start, end, text, words: timedWords(whisper, textTokens, end ?? pieceSeconds) });
    textTokens = [];
    start = undefined;
  };
  for (const [index, token] of generated.entries()) {
    if (token === endOfText) break;
    if (token >= timestampBegin) {
      const seconds = (token - timestampBegin) * SECONDS_PER_TIMESTAMP;
      if (start === undefined && textTokens.length === 0) start = seconds;
      else close(seconds);
    } else if (token < endOfText) {
      textTokens.push({ token, time: tokenTimes[index] ?? 0 });
    }
  }
  close();
  return parts;
}

/**
 * The words of a stretch: a token that starts with a space starts a word (in Chinese and Japanese,
 * where none does, each character is one); a word starts at its first token's time and ends where
 * the next word starts, the last at the stretch's end. Token times only grow.
 */
function timedWords(
  whisper: Whisper,
  tokens: { token: number; time: number }[],
  stretchEnd: number,
): TimedWord[] {
  const words: { tokens: number[]; start: number }[] = [];
  let latest = 0;
  for (const { token, time } of tokens) {
    latest = Math.min(Math.max(latest, time), stretchEnd);
    const piece = whisper.tokenizer.decode([token], { skip_special_tokens: true });
    const current = words.at(-1);
    const text = current ? whisper.tokenizer.decode(current.tokens) : '';
    // A character split over tokens is whole only once its last byte has come.
    const unfinished = text.endsWith('\uFFFD');
    const startsWord = /^\s/.test(piece) || (!/\s/.test(text) && isUnspacedCharacter(text));
    if (!current || (startsWord && !unfinished)) words.push({ tokens: [token], start: latest });
    else current.tokens.push(token);
  }
  return words
    .map((word, index) => ({
      text: whisper.tokenizer.decode(word.tokens, { skip_special_tokens: true }).trim(),
      start: word.start,
      end: words[index + 1]?.start ?? stretchEnd,
    }))
    .filter((word) => word.text !== '');
}

/** Chinese, Japanese and Thai have no spaces: each of their characters stands as a word here. */
function isUnspacedCharacter(text: string): boolean {
  return UNSPACED_SCRIPT.test(Array.from(text).at(-1) ?? '');
}

async function decode(
  whisper: Whisper,
  samples: Float32Array,
  requestedLanguage: string | undefined,
  task: TranscriptionTask,
  maxNewTokens: number,
): Promise<DecodedPiece> {
  const { model, tokens } = whisper;
  const encoded = await encode(whisper, samples);
  const { probabilities, noSpeechProbability } = await firstStep(whisper, encoded);
  const language = requestedLanguage ?? likeliest(probabilities);
  const recorder = new TokenScoreRecorder();
  const stopping = new StoppingCriteriaList();
  stopping.push(new StopWhenAsked());
  const processors = new LogitsProcessorList();
  processors.push(recorder);
  const output = (await model.generate({
    inputs: encoded.inputFeatures,
    encoder_outputs: encoded.encoderOutputs,
    language,
    task,
    return_timestamps: true,
    // Each token's time, from the decoder's cross-attention on the model's alignment heads. Only
    // the encoder positions of the piece itself count (one per 20 ms), not the 30 s of padding.
    return_token_timestamps: true,
    num_frames: Math.ceil(samples.length / SAMPLES_PER_ENCODER_POSITION),
    // Also keeps transformers.js from its own 30 s seek loop: each piece is under 30 s already.
    max_new_tokens: maxNewTokens,
    logits_processor: processors,
    stopping_criteria: stopping,
  })) as { sequences: Tensor; token_timestamps: Tensor };
  const generated = (output.sequences.tolist() as bigint[][])[0]!.map(Number).slice(PROMPT_LENGTH);
  const tokenTimes = (output.token_timestamps.tolist() as number[][])[0]!.slice(PROMPT_LENGTH - 1);
  const last = generated.at(-1);
  if (last !== undefined) recorder.settle(last);
  const scores = recorder.logProbabilities;
  return {
    parts: timedParts(whisper, generated, tokenTimes, samples.length / SAMPLE_RATE),
    language,
    noSpeechProbability,
    averageLogProbability:
      scores.length === 0 ? 0 : scores.reduce((total, score) => total + score, 0) / scores.length,
    reachedTokenLimit: last !== tokens.endOfText && generated.length >= maxNewTokens,
    stopped: Atomics.load(stopFlag, 0) === 1,
  };
}

await serveEngine<Whisper, WhisperRequest, WhisperReply>(
  async () => {
    const whisper = await load();
    // generate() keeps only the inputs named here: with the encoder's output among them, it
    // decodes from the encoding already made instead of encoding the piece a second time.
    whisper.model.forward_params = [...whisper.model.forward_params, 'encoder_outputs'];
    return whisper;
  },
  async (whisper, request) =>
    request.kind === 'detect-language'
      ? { reply: { kind: 'languages', scores: await detectLanguage(whisper, request.samples) } }
      : {
          reply: {
            kind: 'decoded',
            piece: await decode(
              whisper,
              request.samples,
              request.language,
              request.task,
              request.maxNewTokens,
            ),
          },
        },
);
