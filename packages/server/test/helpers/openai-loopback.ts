/**
 * A loopback HTTP server that replays recorded OpenAI replies (test/fixtures/openai) and records
 * what the adapters sent. Each test sets `reply` to decide the next answers.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { loadConfig, type Config } from '../../src/config.ts';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
  /** Resolves when the adapter closes the connection before the reply ended. */
  closedEarly: Promise<void>;
}

export type Reply = (request: RecordedRequest, response: ServerResponse) => void | Promise<void>;

export function fixture(name: string): Buffer {
  return readFileSync(new URL(`../fixtures/openai/${name}`, import.meta.url));
}

export async function startOpenAiLoopback() {
  const requests: RecordedRequest[] = [];
  const state: { reply: Reply } = {
    reply: (_request, response) => {
      response.writeHead(500).end();
    },
  };
  async function record(incoming: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const closedEarly = new Promise<void>((resolve) => {
      response.once('close', () => {
        if (!response.writableFinished) resolve();
      });
    });
    const recorded: RecordedRequest = {
      method: incoming.method ?? '',
      url: incoming.url ?? '',
      headers: incoming.headers,
      body: Buffer.concat(chunks),
      closedEarly,
    };
    requests.push(recorded);
    await state.reply(recorded, response);
  }
  // node:http never awaits a handler. A reply that throws is a broken test: its rejection stays
  // unhandled on purpose, so the test run reports it.
  const server = createServer((incoming, response) => void record(incoming, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}/v1`;
  return {
    baseUrl,
    host: `127.0.0.1:${port}`,
    requests,
    set reply(reply: Reply) {
      state.reply = reply;
    },
    /** A configuration that sends every capability here with a test key. */
    config(overrides: Partial<Record<keyof Config, string>> = {}): Config {
      return loadConfig({
        NODE_ENV: 'test',
        AI_PROVIDER: 'openai-compatible',
        OPENAI_BASE_URL: baseUrl,
        OPENAI_API_KEY: 'sk-test-key',
        ...overrides,
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
  };
}

/** The JSON body an adapter sent, unread: compare it whole, or parse the fields a test reads. */
export function sentJson(request: RecordedRequest | undefined): unknown {
  return JSON.parse(String(request?.body));
}

/** The fields of a speech request (POST /audio/speech) that tests read. */
export const sentSpeechSchema = z.object({
  model: z.string(),
  input: z.string(),
  voice: z.string(),
});

const chatMessageSchema = z.object({ role: z.string(), content: z.string() });

/** The fields of a chat request (POST /chat/completions) that tests read. */
export const sentChatSchema = z.object({
  model: z.string(),
  /** The instructions, then the visitor's request. */
  messages: z.tuple([chatMessageSchema, chatMessageSchema]),
});

/** Never answers: for timeouts. */
export const silence: Reply = () => {};
