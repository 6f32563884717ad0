/**
 * The only reader of process.env. Everything is validated at start-up, so a wrong setting stops
 * the server with one clear line instead of failing on the first request.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { homedir, tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import {
  CAPABILITIES,
  LIMITS,
  TOOL_DESCRIPTORS,
  TRANSCRIPTION_JOB_DEFAULTS,
  type Capability,
  type RateLimitSetting,
} from '@ai-tools/contracts';
import { DEFAULT_TEXT_MODEL, isTextModelId, TEXT_MODEL_IDS } from './models/manifest.ts';

export const REPOSITORY_ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));

/**
 * Model files are large and the same for every clone: they live in the user's cache, outside the
 * repository, so a second clone or a CI run on the same machine does not fetch them again.
 */
export const DEFAULT_MODELS_DIR = resolve(
  process.env.XDG_CACHE_HOME || resolve(homedir(), '.cache'),
  'ai-content-tools/models',
);

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/**
 * A folder; a relative one counts from the repository root, as `.env.example` writes them, so
 * `npm start` (which runs in packages/server) and the root scripts agree.
 */
const folder = z.string().transform((path) => resolve(REPOSITORY_ROOT, path));
/** A file that may be left unset; a relative one counts from the repository root, as folders do. */
const optionalFile = optionalText.transform((path) =>
  path === undefined ? undefined : resolve(REPOSITORY_ROOT, path),
);

/** A manifest text model id as it is; anything else is a GGUF file, relative to the repository. */
const textModel = optionalText.transform((value, context) => {
  if (value === undefined || isTextModelId(value)) return value;
  if (!/[\\/]|\.gguf$/i.test(value)) {
    context.addIssue({
      code: 'custom',
      message: `one of ${TEXT_MODEL_IDS.join(', ')}, or the path to a GGUF file; got "${value}"`,
    });
    return z.NEVER;
  }
  return resolve(REPOSITORY_ROOT, value);
});

/**
 * One: on the 2-core machine, batching sequences gave no more tokens per second in all (ADR 047,
 * `npm run bench -- text-parallel`), and each of several visitors then waits longer for the end.
 */
export const DEFAULT_TEXT_PARALLEL = 1;

const rateLimit = (perMinute: number) => z.coerce.number().int().positive().default(perMinute);

/** Each tool's RATE_LIMIT_* setting, its default from the tool's descriptor. */
const rateLimitSettings = Object.fromEntries(
  TOOL_DESCRIPTORS.map((tool) => [tool.rateLimit.setting, rateLimit(tool.rateLimit.perMinute)]),
) as Record<RateLimitSetting, ReturnType<typeof rateLimit>>;

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The built website (Vite's output). */
  WEB_DIST_DIR: folder.default(resolve(REPOSITORY_ROOT, 'packages/web/dist')),
  /** Where the model files live (src/models/manifest.ts, docs/models.md, `npm run models`). */
  MODELS_DIR: folder.default(DEFAULT_MODELS_DIR),
  /**
   * The model that writes: a text model id of the manifest (TEXT_MODEL_IDS, fetched by `npm run
   * models` into MODELS_DIR) or the path to any GGUF file. Default: DEFAULT_TEXT_MODEL (ADR 029).
   */
  TEXT_MODEL: textModel,
  /** The older name of TEXT_MODEL for a file path; read when TEXT_MODEL is unset. */
  TEXT_MODEL_PATH: optionalFile,
  /** CPU threads of one generation; 0: every core (see defaultThreads in llama-text-generator). */
  TEXT_THREADS: z.coerce.number().int().min(0).default(0),
  /**
   * Generations the text engine runs at once, batched on one context (ADR 047): several visitors
   * written for together, for about 115 MB more memory each (the context's cache). Worth it where
   * a batch costs little more than one sequence (more cores, a GPU, an API).
   */
  TEXT_PARALLEL: z.coerce.number().int().min(1).max(16).default(DEFAULT_TEXT_PARALLEL),
  /**
   * A fixed seed for the text model's sampling, so the same request writes the same text (tests
   * that read what a model wrote). Unset: every generation is random, as visitors expect.
   */
  TEXT_SEED: optionalText.pipe(z.coerce.number<string | undefined>().int().min(0).optional()),
  /**
   * The Whisper model that transcribes: `base` (fetched by default) or `small` (more accurate,
   * slower; `npm run models` fetches it when this says so).
   */
  WHISPER_MODEL: z.enum(['base', 'small']).default('base'),
  /** Replaces the upstream host of every model download (a mirror, or a loopback server in tests). */
  MODELS_BASE_URL: optionalText,
  /** Where the embedded database file lives. */
  DATA_DIR: folder.default(resolve(REPOSITORY_ROOT, 'data')),
  DATABASE_URL: optionalText,
  REDIS_URL: optionalText,
  /**
   * The website's build setting for the demo video. The server reads it only to let the Vimeo
   * player into the Content-Security-Policy when there is a video to show.
   */
  VITE_DEMO_VIDEO_ID: optionalText,
  /**
   * Where the AI work runs (ADR 056): `embedded`, in this process (the default, no Redis needed);
   * `remote`, on worker processes (`npm run worker`) that take it from a shared queue in the
   * Redis of REDIS_URL, so several web processes and machines share one line.
   */
  AI_WORKERS: z.enum(['embedded', 'remote']).default('embedded'),
  /** What a worker process (`npm run worker`) serves: a comma-separated list, default all. */
  WORKER_CAPABILITIES: z
    .string()
    .default(CAPABILITIES.join(','))
    .transform((list) =>
      list
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(CAPABILITIES)).min(1)),
  /** `local` runs the engines on this machine; `openai-compatible` sends the work to an API. */
  AI_PROVIDER: z.enum(['local', 'openai-compatible']).default('local'),
  OPENAI_BASE_URL: z.string().default('https://api.openai.com/v1'),
  OPENAI_API_KEY: optionalText,
  OPENAI_TEXT_MODEL: z.string().default('gpt-4o-mini'),
  /**
   * `gbnf`: the writers' grammars (llama.cpp GBNF) go with each request as its `grammar` field, for
   * servers that take one (llama.cpp's llama-server, LocalAI). A small model keeps the plans'
   * labelled lines only under its grammar; OpenAI itself refuses the field, hence `none`.
   */
  OPENAI_TEXT_GRAMMAR: z.enum(['none', 'gbnf']).default('none'),
  OPENAI_SPEECH_MODEL: z.string().default('gpt-4o-mini-tts'),
  OPENAI_TRANSCRIPTION_MODEL: z.string().default('whisper-1'),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  /** Per-capability overrides of OPENAI_BASE_URL and OPENAI_API_KEY (one server per engine). */
  OPENAI_TEXT_BASE_URL: optionalText,
  OPENAI_TEXT_API_KEY: optionalText,
  OPENAI_SPEECH_BASE_URL: optionalText,
  OPENAI_SPEECH_API_KEY: optionalText,
  OPENAI_TRANSCRIPTION_BASE_URL: optionalText,
  OPENAI_TRANSCRIPTION_API_KEY: optionalText,
  /**
   * The site's voice names mapped to the server's own, for servers whose voices are not OpenAI's
   * (speaches with Kokoro, LocalAI): `alloy=af_heart,echo=am_michael`. Unmapped voices pass as is.
   */
  OPENAI_SPEECH_VOICE_MAP: optionalText,
  /** The longest a writer (script, blog, story) may work on one request, continuations included. */
  WRITER_TIMEOUT_MS: z.coerce.number().int().positive().default(240_000),
  /**
   * The contact details the website shows (footer, /contact, the privacy policy's section 11).
   * Each one left unset is not shown; outside production, an unset one shows its placeholder
   * (DEVELOPMENT_CONTACT_DETAILS) so the page looks as it will. Set one empty to hide it there too.
   */
  CONTACT_EMAIL: optionalText,
  CONTACT_WHATSAPP: optionalText,
  CONTACT_PHONE: optionalText,
  SMTP_URL: optionalText,
  CONTACT_MAIL_TO: optionalText,
  CONTACT_MAIL_FROM: optionalText,
  /**
   * Where each request gets its own temporary folder for uploaded and generated audio; the folder
   * is removed when the request ends.
   */
  TEMP_DIR: folder.default(resolve(tmpdir(), 'ai-content-tools')),
  /** The longest any request may take before it is stopped with a 503, so nothing hangs. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(600_000),
  /**
   * How long an answer may wait for a client that reads none of it before the connection closes
   * and its job stops (plugins/drain-timeout.ts).
   */
  STREAM_DRAIN_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** How long SIGTERM waits for requests in flight before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /**
   * Behind a reverse proxy, trust its X-Forwarded-For so rate limits count visitors, not the
   * proxy: `true`, or the proxy addresses or subnets (comma separated).
   */
  TRUST_PROXY: optionalText,
  /**
   * Connection limits (docs/decisions/020 and 043): open connections in all (unset: sized from the
   * process's open-file limit, plugins/connection-limits.ts) and per visitor (0: no per-visitor
   * cap, for a server behind one proxy), how long a request's headers and a body other than an
   * upload may take to arrive, the average rate an upload must keep up once its grace period has
   * passed, and how long an idle keep-alive socket stays.
   */
  MAX_CONNECTIONS: optionalText.pipe(
    z.coerce.number<string | undefined>().int().positive().optional(),
  ),
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).default(64),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  BODY_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  UPLOAD_MIN_BYTES_PER_SECOND: z.coerce.number().int().positive().default(4096),
  UPLOAD_GRACE_MS: z.coerce.number().int().positive().default(10_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().positive().default(5_000),
  /** Requests per minute per address, per tool (RATE_LIMIT_BLOG…; defaults: the tools' descriptors). */
  ...rateLimitSettings,
  /** Jobs that may wait in each engine's line beyond those running; more get a 503. */
  SPEECH_QUEUE_MAX_WAITING: z.coerce.number().int().min(0).default(6),
  TRANSCRIPTION_QUEUE_MAX_WAITING: z.coerce.number().int().min(0).default(3),
  TEXT_QUEUE_MAX_WAITING: z.coerce.number().int().min(0).default(2),
  /**
   * Long recordings, transcribed as background jobs: the largest upload, in bytes, and the longest
   * audio, in seconds, a job takes, and how long a finished job's result is kept, in seconds,
   * before it is deleted (a fraction of a second is allowed, for tests).
   */
  LONG_UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(TRANSCRIPTION_JOB_DEFAULTS.uploadMaxBytes),
  LONG_AUDIO_MAX_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(TRANSCRIPTION_JOB_DEFAULTS.audioMaxSeconds),
  TRANSCRIPTION_RESULT_SECONDS: z.coerce
    .number()
    .positive()
    .default(TRANSCRIPTION_JOB_DEFAULTS.resultSeconds),
  /** The longest audio one text-to-speech request may produce, estimated before any work. */
  SPEECH_MAX_SECONDS: z.coerce.number().int().positive().default(LIMITS.speechMaxSeconds),
});

export type Config = Omit<z.infer<typeof configSchema>, 'TEXT_MODEL' | 'WORKER_CAPABILITIES'> & {
  WORKER_CAPABILITIES: Capability[];
  /** A manifest text model id or an absolute path to a GGUF file. */
  TEXT_MODEL: string;
};

/**
 * Reads the repository's `.env` file into the environment, when there is one (README:
 * Configuration). Variables already set in the environment win.
 */
export function loadEnvironmentFile(path = resolve(REPOSITORY_ROOT, '.env')): void {
  if (existsSync(path)) process.loadEnvFile(path);
}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(environment);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid configuration (see .env.example): ${problems}`);
  }
  if (result.data.SMTP_URL && !result.data.CONTACT_MAIL_TO) {
    throw new Error(
      'Invalid configuration (see .env.example): CONTACT_MAIL_TO: set it to the address that receives contact messages when SMTP_URL is set',
    );
  }
  if (result.data.AI_WORKERS === 'remote' && !result.data.REDIS_URL) {
    throw new Error(
      'Invalid configuration (see .env.example): REDIS_URL: AI_WORKERS=remote puts the AI work on a queue in Redis; set REDIS_URL to that Redis',
    );
  }
  const { TEXT_MODEL, TEXT_MODEL_PATH } = result.data;
  return {
    ...result.data,
    ...developmentContactDetails(result.data.NODE_ENV, environment),
    TEXT_MODEL: TEXT_MODEL ?? TEXT_MODEL_PATH ?? DEFAULT_TEXT_MODEL,
  };
}

/**
 * Placeholders in the reserved example domain and the 555-01xx range that no one answers, so a
 * development site looks complete without ever pointing a visitor at someone real.
 */
export const DEVELOPMENT_CONTACT_DETAILS = {
  CONTACT_EMAIL: 'support@example.com',
  CONTACT_WHATSAPP: '+1 555 010 0199',
  CONTACT_PHONE: '+1 555 010 0100',
} as const;

/**
 * The placeholders for the contact details that are absent from the environment, outside
 * production only. A variable that is present, even empty, is the operator's choice.
 */
function developmentContactDetails(
  nodeEnvironment: Config['NODE_ENV'],
  environment: NodeJS.ProcessEnv,
): Partial<Record<keyof typeof DEVELOPMENT_CONTACT_DETAILS, string>> {
  if (nodeEnvironment === 'production') return {};
  return Object.fromEntries(
    Object.entries(DEVELOPMENT_CONTACT_DETAILS).filter(([name]) => environment[name] === undefined),
  );
}
