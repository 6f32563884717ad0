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

/** The GGUF text models, each joined from its Python-index packages (MANIFEST.md section 3). */
export const TEXT_MODEL_FILES = {
  /** Qwen2.5-Coder-1.5B-Instruct Q4_K_M: 1,117,320,768 bytes, sha256 cc324af0...bb046. */
  qwenCoder15: 'llm/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf',
  /** The "0.5B Q4" parts: general.name "Qwen2.5 Coder 0.5B Instruct AWQ", file type Q4_K_M. */
  qwenCoder05: 'llm/qwen2.5-coder-0.5b-instruct-q4_k_m.gguf',
  /** SmolLM2-135M-Instruct Q4_1 (English only): the small real model of the tests. */
  smolLm135: 'llm/smollm2-135m-instruct-q4_1.gguf',
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
    path: TEXT_MODEL_FILES.qwenCoder15,
    url: 'https://huggingface.co/Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF/resolve/main/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf',
    sha256: 'cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046',
    bytes: 1_117_320_768,
    bytesAreExact: true,
    licence: 'Apache-2.0',
    recommended: true,
  },
  {
    role: 'text',
    path: TEXT_MODEL_FILES.qwenCoder05,
    url: 'https://huggingface.co/Qwen/Qwen2.5-Coder-0.5B-Instruct-GGUF/resolve/main/qwen2.5-coder-0.5b-instruct-q4_k_m.gguf',
    sha256: '1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32',
    bytes: 491_400_064,
    bytesAreExact: true,
    licence: 'Apache-2.0',
    recommended: false,
  },
  {
    role: 'text',
    path: TEXT_MODEL_FILES.smolLm135,
    url: 'https://huggingface.co/HuggingFaceTB/SmolLM2-135M-Instruct',
    sha256: 'b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53',
    bytes: 98_362_432,
    bytesAreExact: true,
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
