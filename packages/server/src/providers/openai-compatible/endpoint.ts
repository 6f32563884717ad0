/**
 * Where each capability's requests go, and the one way they are sent: through the official `openai`
 * SDK, with the API key, one deadline for the whole call, the caller's abort signal, and every
 * failure turned into a named provider error whose message a visitor (or the site's operator) can
 * act on. Request and reply content is never logged.
 */
import OpenAI, { APIConnectionTimeoutError, APIError } from 'openai';
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

/** An upstream 429 that names a wait this short is retried by the SDK, at most this many times. */
const RETRY_WITHIN_SECONDS = 2;
const UPSTREAM_RETRIES = 2;

/**
 * The SDK client for one endpoint. Everything comes from our settings, never from the SDK's own
 * environment variables (OPENAI_ORG_ID, OPENAI_LOG...), and the SDK logs nothing: its stream
 * parser would log reply content.
 */
export function clientFor(endpoint: ApiEndpoint): OpenAI {
  return new OpenAI({
    baseURL: endpoint.baseUrl,
    // The SDK refuses to start without a key; a self-hosted server without one gets no header.
    apiKey: endpoint.apiKey || 'no-key',
    ...(endpoint.apiKey ? {} : { defaultHeaders: { authorization: null } }),
    adminAPIKey: null,
    organization: null,
    project: null,
    webhookSecret: null,
    timeout: endpoint.timeoutMs,
    maxRetries: UPSTREAM_RETRIES,
    fetch: fetchWithRetryPolicy,
    logLevel: 'off',
  });
}

/**
 * The SDK retries every 408, 409, 429 and 5xx, after any Retry-After however long. This site
 * retries only a 429 that asks for 2 s or less and is not a used-up quota; a longer wait goes back
 * to the visitor as a 503 with that Retry-After, and a 5xx as a 502 at once. The SDK obeys
 * `x-should-retry`, so each failure is marked here. An error body without OpenAI's `error` wrapper
 * (FastAPI's `{"detail": ...}`, say) is wrapped, so that the SDK's typed error keeps its fields.
 */
async function fetchWithRetryPolicy(
  url: string | URL | Request,
  init?: RequestInit,
): Promise<Response> {
  const response = await fetch(url, init);
  if (response.ok) return response;
  let text = (await response.text()).slice(0, ERROR_BODY_LIMIT);
  const body = errorBodyOf(text);
  if (body && !isErrorWrapper(body)) text = JSON.stringify({ error: body });
  const wait = statedRetryAfterSeconds(response.headers);
  const retry =
    response.status === 429 &&
    !isQuotaUsed(body) &&
    wait !== undefined &&
    wait <= RETRY_WITHIN_SECONDS;
  const headers = new Headers(response.headers);
  headers.set('x-should-retry', String(retry));
  headers.delete('content-length');
  return new Response(text, { status: response.status, statusText: response.statusText, headers });
}

const ERROR_BODY_LIMIT = 64 * 1024;

function errorBodyOf(text: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined; // Not JSON (a proxy's HTML page, say): the status alone decides.
  }
}

function isErrorWrapper(body: Record<string, unknown>): boolean {
  return Boolean(body.error) && typeof body.error === 'object';
}

/** OpenAI's code for a 429 that waiting does not cure: the account's credit is used up. */
const QUOTA_USED_CODE = 'insufficient_quota';

function isQuotaUsed(body: Record<string, unknown> | undefined): boolean {
  const error = body && isErrorWrapper(body) ? (body.error as Record<string, unknown>) : body;
  return error?.code === QUOTA_USED_CODE;
}

/**
 * The wait the service states: retry-after-ms first, as the SDK reads it when it waits, then
 * Retry-After in seconds or as a date.
 */
function statedRetryAfterSeconds(headers: Headers): number | undefined {
  const milliseconds = Number(headers.get('retry-after-ms'));
  if (milliseconds > 0) return milliseconds / 1000;
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}

/** One call in flight: the signal to hand the SDK, and how to explain why the call stopped. */
export interface UpstreamCall {
  /**
   * The caller's signal, also ended after OPENAI_TIMEOUT_MS. The SDK's own timeout covers one
   * attempt up to the reply's headers; this one covers the whole call, retries and a streamed
   * reply included, and needs no clearing.
   */
  signal: AbortSignal;
  /** Turns any error met during the call into a named provider error. */
  explain(error: unknown): Error;
}

/**
 * Starts a call to `path` (named in messages). Throws at once, sending nothing, when the endpoint
 * needs a key it lacks or the caller has already gone.
 */
export function startCall(
  endpoint: ApiEndpoint,
  path: string,
  callerSignal?: AbortSignal,
): UpstreamCall {
  if (!isReady(endpoint)) throw new ProviderUnavailableError(missingKeyMessage(endpoint));
  if (callerSignal?.aborted) throw new GenerationAbortedError();
  const deadline = AbortSignal.timeout(endpoint.timeoutMs);
  const signal = callerSignal ? AbortSignal.any([callerSignal, deadline]) : deadline;
  const timedOut = (error: unknown) =>
    new ProviderFailedError(AI_SERVICE_MESSAGES.timedOut, {
      cause: upstreamDetail(endpoint, `no answer within ${endpoint.timeoutMs} ms`, error),
    });
  return {
    signal,
    explain(error) {
      if (callerSignal?.aborted) return new GenerationAbortedError();
      if (deadline.aborted || error instanceof APIConnectionTimeoutError) return timedOut(error);
      if (error instanceof AppError) return error;
      // An HTTP failure has a status; an error event inside a stream has none.
      if (error instanceof APIError && error.status !== undefined) {
        return failureFor(error, endpoint, path);
      }
      if (error instanceof APIError && error.error !== undefined) {
        return malformedReply(endpoint, 'an error in its answer');
      }
      return new ProviderFailedError(AI_SERVICE_MESSAGES.unreachable, {
        cause: upstreamDetail(endpoint, 'not reachable', error),
      });
    },
  };
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

function upstreamErrorOf(error: APIError & { status: number }): UpstreamError {
  const field = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const text = `${error.message} ${JSON.stringify(error.error ?? '')}`.toLowerCase();
  return {
    status: error.status,
    type: field(error.type),
    code: field(error.code),
    param: field(error.param),
    mentions: (word) => text.includes(word.toLowerCase()),
  };
}

function failureFor(
  error: APIError & { status: number },
  endpoint: ApiEndpoint,
  path: string,
): Error {
  const upstream = upstreamErrorOf(error);
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
    if (upstream.code === QUOTA_USED_CODE) {
      return new ProviderUnavailableError(AI_SERVICE_MESSAGES.quotaUsed(endpoint.variables.apiKey));
    }
    const seconds = retryAfterSeconds(error.headers ?? new Headers());
    return new ProviderBusyError(AI_SERVICE_MESSAGES.busy(seconds), seconds);
  }
  if (status >= 500) {
    return new UpstreamRejectedError(AI_SERVICE_MESSAGES.failed(status), upstream, endpoint);
  }
  return new UpstreamRejectedError(AI_SERVICE_MESSAGES.rejected(status), upstream, endpoint);
}

const DEFAULT_RETRY_AFTER_SECONDS = 10;

/** The wait to tell the visitor, in whole seconds: the service's own, else a default. */
function retryAfterSeconds(headers: Headers): number {
  const seconds = statedRetryAfterSeconds(headers) ?? DEFAULT_RETRY_AFTER_SECONDS;
  return Math.min(3600, Math.max(1, Math.ceil(seconds)));
}

export function malformedReply(endpoint: ApiEndpoint, what: string): ProviderFailedError {
  return new ProviderFailedError(
    AI_SERVICE_MESSAGES.replyUnreadable(what, endpoint.variables.baseUrl),
    { cause: upstreamDetail(endpoint, `sent ${what} that could not be read`) },
  );
}
