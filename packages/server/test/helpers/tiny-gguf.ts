/**
 * Writes a tiny llama-architecture GGUF model with random weights, so the tests and benchmarks
 * drive the real node-llama-cpp path without downloading a model. Its text is gibberish; only the
 * machinery (loading, chat template, tokenizer, streaming, limits, abort) is real.
 *
 * The vocabulary is SentencePiece-style ('llama' tokenizer): control tokens, the 256 byte-fallback
 * tokens `<0xNN>` (so any UTF-8 text tokenizes) and the printable ASCII characters. The chat
 * template is ChatML, with `<|im_start|>` and `<|im_end|>` as control tokens.
 *
 * Format: GGUF version 3 (github.com/ggml-org/ggml docs/gguf.md): header, metadata key/values,
 * tensor infos, then the tensor data, each tensor aligned to `general.alignment` (32 bytes).
 *
 * CLI: node --import tsx packages/server/test/helpers/tiny-gguf.ts OUT.gguf
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface TinyModelShape {
  embeddingLength: number;
  blockCount: number;
  feedForwardLength: number;
  headCount: number;
  contextLength: number;
  /** Seeds the random weights, so the same shape always gives the same file. */
  seed: number;
}

export const TINY_MODEL_SHAPE: TinyModelShape = {
  embeddingLength: 64,
  blockCount: 2,
  feedForwardLength: 128,
  headCount: 4,
  contextLength: 2048,
  seed: 7,
};

export const TINY_CHAT_TEMPLATE =
  "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n'}}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

const ALIGNMENT = 32;

// GGUF metadata value types.
const UINT32 = 4;
const INT32 = 5;
const FLOAT32 = 6;
const BOOL = 7;
const STRING = 8;
const ARRAY = 9;

// ggml tensor type.
const GGML_TYPE_F32 = 0;

// SentencePiece token types, as llama.cpp reads them.
const TOKEN_NORMAL = 1;
const TOKEN_UNKNOWN = 2;
const TOKEN_CONTROL = 3;
const TOKEN_BYTE = 6;

type MetadataValue =
  | { type: 'uint32' | 'int32' | 'float32'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'string'; value: string }
  | { type: 'strings'; value: string[] }
  | { type: 'float32s' | 'int32s'; value: number[] };

interface Tensor {
  name: string;
  /** ggml order: the first dimension is the one that varies fastest. */
  dimensions: number[];
}

class ByteWriter {
  private readonly chunks: Buffer[] = [];
  length = 0;

  push(buffer: Buffer) {
    this.chunks.push(buffer);
    this.length += buffer.length;
  }
  uint32(value: number) {
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32LE(value);
    this.push(buffer);
  }
  int32(value: number) {
    const buffer = Buffer.alloc(4);
    buffer.writeInt32LE(value);
    this.push(buffer);
  }
  uint64(value: number) {
    const buffer = Buffer.alloc(8);
    buffer.writeBigUInt64LE(BigInt(value));
    this.push(buffer);
  }
  float32(value: number) {
    const buffer = Buffer.alloc(4);
    buffer.writeFloatLE(value);
    this.push(buffer);
  }
  string(value: string) {
    const bytes = Buffer.from(value, 'utf8');
    this.uint64(bytes.length);
    this.push(bytes);
  }
  padTo(alignment: number) {
    const padding = (alignment - (this.length % alignment)) % alignment;
    if (padding > 0) this.push(Buffer.alloc(padding));
  }
  toBuffer() {
    return Buffer.concat(this.chunks);
  }
}

function writeMetadataValue(writer: ByteWriter, entry: MetadataValue) {
  switch (entry.type) {
    case 'uint32':
      writer.uint32(UINT32);
      writer.uint32(entry.value);
      return;
    case 'int32':
      writer.uint32(INT32);
      writer.int32(entry.value);
      return;
    case 'float32':
      writer.uint32(FLOAT32);
      writer.float32(entry.value);
      return;
    case 'bool':
      writer.uint32(BOOL);
      writer.push(Buffer.from([entry.value ? 1 : 0]));
      return;
    case 'string':
      writer.uint32(STRING);
      writer.string(entry.value);
      return;
    case 'strings':
      writer.uint32(ARRAY);
      writer.uint32(STRING);
      writer.uint64(entry.value.length);
      for (const item of entry.value) writer.string(item);
      return;
    case 'float32s':
      writer.uint32(ARRAY);
      writer.uint32(FLOAT32);
      writer.uint64(entry.value.length);
      for (const item of entry.value) writer.float32(item);
      return;
    case 'int32s':
      writer.uint32(ARRAY);
      writer.uint32(INT32);
      writer.uint64(entry.value.length);
      for (const item of entry.value) writer.int32(item);
      return;
  }
}

function buildVocabulary() {
  const tokens: string[] = [];
  const scores: number[] = [];
  const types: number[] = [];
  const add = (token: string, type: number, score = 0) => {
    tokens.push(token);
    types.push(type);
    scores.push(score);
  };
  add('<unk>', TOKEN_UNKNOWN);
  add('<s>', TOKEN_CONTROL);
  add('</s>', TOKEN_CONTROL);
  add('<|im_start|>', TOKEN_CONTROL);
  add('<|im_end|>', TOKEN_CONTROL);
  for (let byte = 0; byte < 256; byte += 1) {
    add(`<0x${byte.toString(16).toUpperCase().padStart(2, '0')}>`, TOKEN_BYTE);
  }
  // SentencePiece writes a space as U+2581; the printable characters follow it.
  add('\u2581', TOKEN_NORMAL, -1);
  for (let code = 33; code < 127; code += 1) add(String.fromCharCode(code), TOKEN_NORMAL, -2);
  return {
    tokens,
    scores,
    types,
    imEndId: tokens.indexOf('<|im_end|>'),
    controlTokenCount: types.filter((type) => type !== TOKEN_NORMAL && type !== TOKEN_BYTE).length,
  };
}

/** A small deterministic generator (mulberry32): the same seed gives the same weights. */
function randomNumbers(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

function layerTensors(shape: TinyModelShape, vocabularySize: number): Tensor[] {
  const { embeddingLength: embedding, feedForwardLength: feedForward } = shape;
  const tensors: Tensor[] = [
    { name: 'token_embd.weight', dimensions: [embedding, vocabularySize] },
    { name: 'output_norm.weight', dimensions: [embedding] },
    { name: 'output.weight', dimensions: [embedding, vocabularySize] },
  ];
  for (let block = 0; block < shape.blockCount; block += 1) {
    const prefix = `blk.${block}`;
    tensors.push(
      { name: `${prefix}.attn_norm.weight`, dimensions: [embedding] },
      { name: `${prefix}.attn_q.weight`, dimensions: [embedding, embedding] },
      { name: `${prefix}.attn_k.weight`, dimensions: [embedding, embedding] },
      { name: `${prefix}.attn_v.weight`, dimensions: [embedding, embedding] },
      { name: `${prefix}.attn_output.weight`, dimensions: [embedding, embedding] },
      { name: `${prefix}.ffn_norm.weight`, dimensions: [embedding] },
      { name: `${prefix}.ffn_gate.weight`, dimensions: [embedding, feedForward] },
      { name: `${prefix}.ffn_up.weight`, dimensions: [embedding, feedForward] },
      { name: `${prefix}.ffn_down.weight`, dimensions: [feedForward, embedding] },
    );
  }
  return tensors;
}

/**
 * Random weights, scaled so activations stay bounded at any size (uniform with variance 1/inner,
 * norms at one), with one twist so a run never ends early by chance: hidden dimension 0 carries a
 * constant (every token embedding has 1 there and no layer writes to it), the final norm amplifies
 * it, and the output rows of the control tokens (end of turn among them) weigh it by -50. Their
 * logits are always far below the rest, so every generation runs to maxTokens or to its abort.
 */
function tensorData(tensor: Tensor, random: () => number, controlTokenCount: number): Buffer {
  const [inner = 1, outer = 1] = tensor.dimensions;
  const values = new Float32Array(inner * outer);
  const isNorm = tensor.name.endsWith('norm.weight');
  const isEmbedding = tensor.name === 'token_embd.weight';
  const limit = isEmbedding ? 0.5 : Math.sqrt(3 / inner);
  for (let index = 0; index < values.length; index += 1) {
    values[index] = isNorm ? 1 : (random() * 2 - 1) * limit;
  }
  const row = (number: number) => values.subarray(number * inner, (number + 1) * inner);
  if (isEmbedding) {
    for (let token = 0; token < outer; token += 1) row(token)[0] = 1;
  }
  if (tensor.name.endsWith('attn_output.weight') || tensor.name.endsWith('ffn_down.weight')) {
    row(0).fill(0);
  }
  if (tensor.name === 'output_norm.weight') values[0] = 1000;
  if (tensor.name === 'output.weight') {
    for (let token = 0; token < outer; token += 1) {
      row(token)[0] = token < controlTokenCount ? -50 : 0;
    }
  }
  return Buffer.from(values.buffer);
}

/** The whole GGUF file as bytes. */
export function buildTinyGguf(shape: TinyModelShape = TINY_MODEL_SHAPE): Buffer {
  const vocabulary = buildVocabulary();
  const metadata: Array<[string, MetadataValue]> = [
    ['general.architecture', { type: 'string', value: 'llama' }],
    ['general.name', { type: 'string', value: 'tiny random test model' }],
    ['general.alignment', { type: 'uint32', value: ALIGNMENT }],
    ['llama.context_length', { type: 'uint32', value: shape.contextLength }],
    ['llama.embedding_length', { type: 'uint32', value: shape.embeddingLength }],
    ['llama.block_count', { type: 'uint32', value: shape.blockCount }],
    ['llama.feed_forward_length', { type: 'uint32', value: shape.feedForwardLength }],
    ['llama.attention.head_count', { type: 'uint32', value: shape.headCount }],
    ['llama.attention.head_count_kv', { type: 'uint32', value: shape.headCount }],
    ['llama.attention.layer_norm_rms_epsilon', { type: 'float32', value: 1e-5 }],
    [
      'llama.rope.dimension_count',
      { type: 'uint32', value: shape.embeddingLength / shape.headCount },
    ],
    ['llama.vocab_size', { type: 'uint32', value: vocabulary.tokens.length }],
    ['tokenizer.ggml.model', { type: 'string', value: 'llama' }],
    ['tokenizer.ggml.tokens', { type: 'strings', value: vocabulary.tokens }],
    ['tokenizer.ggml.scores', { type: 'float32s', value: vocabulary.scores }],
    ['tokenizer.ggml.token_type', { type: 'int32s', value: vocabulary.types }],
    ['tokenizer.ggml.unknown_token_id', { type: 'uint32', value: 0 }],
    ['tokenizer.ggml.bos_token_id', { type: 'uint32', value: 1 }],
    ['tokenizer.ggml.eos_token_id', { type: 'uint32', value: vocabulary.imEndId }],
    ['tokenizer.ggml.add_bos_token', { type: 'bool', value: false }],
    ['tokenizer.ggml.add_eos_token', { type: 'bool', value: false }],
    // Text after a control token is read as is, as in ChatML models' tokenizers.
    ['tokenizer.ggml.add_space_prefix', { type: 'bool', value: false }],
    ['tokenizer.chat_template', { type: 'string', value: TINY_CHAT_TEMPLATE }],
  ];
  const tensors = layerTensors(shape, vocabulary.tokens.length);
  const random = randomNumbers(shape.seed);
  const data = tensors.map((tensor) => tensorData(tensor, random, vocabulary.controlTokenCount));

  const writer = new ByteWriter();
  writer.push(Buffer.from('GGUF', 'ascii'));
  writer.uint32(3);
  writer.uint64(tensors.length);
  writer.uint64(metadata.length);
  for (const [key, value] of metadata) {
    writer.string(key);
    writeMetadataValue(writer, value);
  }
  let offset = 0;
  tensors.forEach((tensor, index) => {
    writer.string(tensor.name);
    writer.uint32(tensor.dimensions.length);
    for (const dimension of tensor.dimensions) writer.uint64(dimension);
    writer.uint32(GGML_TYPE_F32);
    writer.uint64(offset);
    offset += Math.ceil(data[index]!.length / ALIGNMENT) * ALIGNMENT;
  });
  writer.padTo(ALIGNMENT);
  for (const bytes of data) {
    writer.push(bytes);
    writer.padTo(ALIGNMENT);
  }
  return writer.toBuffer();
}

export function writeTinyGguf(path: string, shape: TinyModelShape = TINY_MODEL_SHAPE): string {
  writeFileSync(path, buildTinyGguf(shape));
  return path;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const output = process.argv[2];
  if (!output) {
    console.error('Usage: node --import tsx packages/server/test/helpers/tiny-gguf.ts OUT.gguf');
    process.exit(2);
  }
  writeTinyGguf(resolve(output));
  console.log(`Wrote a tiny random GGUF model to ${resolve(output)}`);
}
