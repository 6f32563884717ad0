/**
 * Where each capability's requests go, and the one way they are sent: with the API key, a timeout,
 * the caller's abort signal, and every failure turned into a named provider error whose message a
 * visitor (or the site's operator) can act on. Request content is never logged.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { type Capability, type EngineStatus, AI_SERVICE_MESSAGES } from '@ai-tools/contracts';
import type { Config } from '../../config.ts';
import {
  AppError,
  GenerationAbortedError,
  ProviderBusyError,
  ProviderFailedError,
  ProviderUnavailableError,
} from '../../errors.ts';

export interface ApiEndpoint {
  capability: Capability;
  /** Such as https://api.openai.com/v1 or http://127.0.0.1:11434/v1, without a trailing slash. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
  /** The settings an operator changes, named in messages. */
  variables: { baseUrl: string; apiKey: string; model: string };
}

/** Each capability's own settings, which win over OPENAI_BASE_URL and OPENAI_API_KEY. */
const VARIABLE_PREFIX = {
  text: 'OPENAI_TEXT',
  speech: 'OPENAI_SPEECH',
  transcription: 'OPENAI_TRANSCRIPTION',
} as const satisfies Record<Capability, string>;

export function endpointFor(config: Config, capability: Capability): ApiEndpoint {
  const prefix = VARIABLE_PREFIX[capability];
  const baseUrlOverride = config[`${prefix}_BASE_URL`];
  const apiKeyOverride = config[`${prefix}_API_KEY`];
  const baseUrl = (baseUrlOverride ?? config.OPENAI_BASE_URL).trim().replace(/\/+$/, '');
  const baseUrlVariable = baseUrlOverride ? `${prefix}_BASE_URL` : 'OPENAI_BASE_URL';
  if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol)) {
    throw new Error(
      `${baseUrlVariable} must be an http(s) address such as https://api.openai.com/v1.`,
    );
  }
  return {
    capability,
    baseUrl,
    apiKey: apiKeyOverride ?? config.OPENAI_API_KEY,
    model: config[`${prefix}_MODEL`],
    timeoutMs: config.OPENAI_TIMEOUT_MS,
    variables: {
      baseUrl: baseUrlVariable,
      apiKey: apiKeyOverride ? `${prefix}_API_KEY` : 'OPENAI_API_KEY',
      model: `${prefix}_MODEL`,
    },
  };
}

function hostOf(endpoint: ApiEndpoint): string {
  return new URL(endpoint.baseUrl).host;
}

const OPENAI_HOST = 'api.openai.com';

/** OpenAI's own API needs a key; a self-hosted server (vLLM, Ollama, speaches...) often does not. */
function isReady(endpoint: ApiEndpoint): boolean {
  return Boolean(endpoint.apiKey) || hostOf(endpoint) !== OPENAI_HOST;
}

/** Visitors see this: OpenAI is named, another server's address (maybe a private one) is not. */
function serviceName(endpoint: ApiEndpoint): string {
  return hostOf(endpoint) === OPENAI_HOST ? OPENAI_HOST : 'an OpenAI-compatible API';
}

export function endpointStatus(endpoint: ApiEndpoint): EngineStatus {
  const engine = `${endpoint.model} via ${serviceName(endpoint)}`;
  if (isReady(endpoint)) return { engine, tier: 'api', ready: true };
  return { engine, tier: 'api', ready: false, detail: missingKeyMessage(endpoint) };
}

function missingKeyMessage(endpoint: ApiEndpoint): string {
  return `This tool uses ${hostOf(endpoint)}, which needs an API key: the site's operator must set ${endpoint.variables.apiKey}.`;
}

/** A request in flight: its signal (caller + timeout) and how to explain why it stopped. */
export interface ApiCall {
  response: Response;
  /** Turns any error met while reading the reply into a named provider error. */
  explain(error: unknown): Error;
  /** Stops the timeout; call once the reply has been read. */
  finish(): void;
}

/**
 * Sends one request. Resolves with a successful response still to be read (streams included);
 * rejects with a named provider error for an HTTP failure, a timeout, an abort or no connection.
 */
export async function callApi(
  endpoint: ApiEndpoint,
  path: string,
  init: { body: string | FormData; json?: boolean; accept?: string },
  callerSignal?: AbortSignal,
): Promise<ApiCall> {
  if (!isReady(endpoint)) throw new ProviderUnavailableError(missingKeyMessage(endpoint));
  if (callerSignal?.aborted) throw new GenerationAbortedError();

  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), endpoint.timeoutMs);
  const signal = callerSignal ? AbortSignal.any([callerSignal, timeout.signal]) : timeout.signal;
  const finish = () => clearTimeout(timer);
  const explain = (error: unknown): Error => {
    if (callerSignal?.aborted) return new GenerationAbortedError();
    if (timeout.signal.aborted) {
      return new ProviderFailedError(AI_SERVICE_MESSAGES.timedOut, {
        cause: upstreamDetail(endpoint, `no answer within ${endpoint.timeoutMs} ms`, error),
      });
    }
    if (error instanceof AppError) return error;
    return new ProviderFailedError(AI_SERVICE_MESSAGES.unreachable, {
      cause: upstreamDetail(endpoint, 'not reachable', error),
    });
  };

  const headers: Record<string, string> = {};
  if (endpoint.apiKey) headers.authorization = `Bearer ${endpoint.apiKey}`;
  if (init.json) headers['content-type'] = 'application/json';
  if (init.accept) headers.accept = init.accept;

  // A busy service that says it is free again within a moment is asked again, as its Retry-After
  // asks; a longer wait goes back to the visitor as a 503 with that Retry-After.
  for (let attempt = 1; ; attempt += 1) {
    let response: Response;
    try {
      response = await fetch(`${endpoint.baseUrl}${path}`, {
        method: 'POST',
        headers,
        body: init.body,
        signal,
      });
    } catch (error) {
      finish();
      throw explain(error);
    }
    if (response.ok) return { response, explain, finish };
    let failure: Error;
    try {
      failure = await failureFor(response, endpoint, path);
    } catch (error) {
      finish();
      throw explain(error);
    }
    const wait = statedRetryAfterSeconds(response.headers);
    const retry =
      failure instanceof ProviderBusyError &&
      wait !== undefined &&
      wait <= RETRY_WITHIN_SECONDS &&
      attempt <= UPSTREAM_RETRIES;
    if (!retry) {
      finish();
      throw explain(failure);
    }
    try {
      await sleep(wait * 1000, undefined, { signal });
    } catch (error) {
      finish();
      throw explain(error);
    }
  }
}

/** An upstream 429 that names a wait this short is retried here, at most this many times. */
const RETRY_WITHIN_SECONDS = 2;
const UPSTREAM_RETRIES = 2;

/** The wait the service states (Retry-After in seconds or as a date, or retry-after-ms). */
function statedRetryAfterSeconds(headers: Headers): number | undefined {
  const value = headers.get('retry-after')?.trim();
  if (value) {
    if (/^\d+(\.\d+)?$/.test(value)) return Number(value);
    const date = Date.parse(value);
    if (!Number.isNaN(date)) return Math.max(0, (date - Date.now()) / 1000);
  }
  const milliseconds = Number(headers.get('retry-after-ms'));
  return milliseconds > 0 ? milliseconds / 1000 : undefined;
}

/** The parts of an OpenAI-style error body worth acting on. Its message is never passed on. */
export interface UpstreamError {
  status: number;
  type?: string;
  code?: string;
  param?: string;
  mentions: (word: string) => boolean;
}

export class UpstreamRejectedError extends ProviderFailedError {
  constructor(
    message: string,
    readonly upstream: UpstreamError,
    endpoint: ApiEndpoint,
  ) {
    super(message, {
      cause: upstreamDetail(
        endpoint,
        `answered ${upstream.status} ${upstream.code ?? upstream.type ?? ''}`,
      ),
    });
  }
}

/** For the log only: which service failed, and how. */
function upstreamDetail(endpoint: ApiEndpoint, what: string, cause?: unknown): Error {
  return new Error(`${endpoint.baseUrl} (${endpoint.model}): ${what}`, { cause });
}

const ERROR_BODY_LIMIT = 64 * 1024;

async function readUpstreamError(response: Response): Promise<UpstreamError> {
  let text = '';
  try {
    text = (await response.text()).slice(0, ERROR_BODY_LIMIT);
  } catch {
    // The body is only a hint; the status alone decides.
  }
  let error: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    const inner = (parsed as { error?: unknown }).error;
    if (inner && typeof inner === 'object') error = inner as Record<string, unknown>;
    else if (parsed && typeof parsed === 'object') error = parsed as Record<string, unknown>;
  } catch {
    // Not JSON (a proxy's HTML page, say).
  }
  const field = (name: string) => (typeof error[name] === 'string' ? error[name] : undefined);
  const lowered = text.toLowerCase();
  return {
    status: response.status,
    type: field('type'),
    code: field('code'),
    param: field('param'),
    mentions: (word) => lowered.includes(word.toLowerCase()),
  };
}

async function failureFor(response: Response, endpoint: ApiEndpoint, path: string): Promise<Error> {
  const upstream = await readUpstreamError(response);
  const { status } = upstream;
  if (status === 401 || status === 403) {
    return new ProviderUnavailableError(AI_SERVICE_MESSAGES.keyRefused(endpoint.variables.apiKey));
  }
  if (status === 404) {
    return new ProviderUnavailableError(
      AI_SERVICE_MESSAGES.modelMissing(endpoint.model, path, endpoint.variables),
    );
  }
  if (status === 429) {
    if (upstream.code === 'insufficient_quota') {
      return new ProviderUnavailableError(AI_SERVICE_MESSAGES.quotaUsed(endpoint.variables.apiKey));
    }
    const seconds = retryAfterSeconds(response.headers);
    return new ProviderBusyError(AI_SERVICE_MESSAGES.busy(seconds), seconds);
  }
  if (status >= 500) {
    return new UpstreamRejectedError(AI_SERVICE_MESSAGES.failed(status), upstream, endpoint);
  }
  return new UpstreamRejectedError(AI_SERVICE_MESSAGES.rejected(status), upstream, endpoint);
}

const DEFAULT_RETRY_AFTER_SECONDS = 10;

/** The wait to tell the visitor, in whole seconds: the service's own, else a default. */
export function retryAfterSeconds(headers: Headers): number {
  const seconds = statedRetryAfterSeconds(headers) ?? DEFAULT_RETRY_AFTER_SECONDS;
  return Math.min(3600, Math.max(1, Math.ceil(seconds)));
}

export function malformedReply(endpoint: ApiEndpoint, what: string): ProviderFailedError {
  return new ProviderFailedError(
    AI_SERVICE_MESSAGES.replyUnreadable(what, endpoint.variables.baseUrl),
    { cause: upstreamDetail(endpoint, `sent ${what} that could not be read`) },
  );
}
