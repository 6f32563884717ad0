import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { API_PATHS, blogResponseSchema, type HealthResponse } from '@ai-tools/contracts';
import { createOpenAiCompatibleProviders } from '../src/providers/openai-compatible/index.ts';
import type { TextGenerationRequest } from '../src/providers/types.ts';
import { loadConfig } from '../src/config.ts';
import { errorMessage } from './helpers/answers.ts';
import { makeApp } from './helpers/app.ts';
import {
  fixture,
  json,
  sentChatSchema,
  sentJson,
  silence,
  startOpenAiLoopback,
} from './helpers/openai-loopback.ts';
import {
  GenerationAbortedError,
  ProviderBusyError,
  ProviderFailedError,
  ProviderUnavailableError,
} from '../src/errors.ts';

let loopback: Awaited<ReturnType<typeof startOpenAiLoopback>>;
before(async () => {
  loopback = await startOpenAiLoopback();
});
after(async () => {
  await loopback.close();
});

const REQUEST: TextGenerationRequest = {
  system: 'You write blogs.',
  prompt: 'Write about focus.',
  maxTokens: 300,
  temperature: 0.7,
};
const STREAMED_TEXT =
  '# Focus at Work\n\n**Meta description:** Simple habits that protect your focus.\n\n## Start small\n\n- Close one tab.';

async function collect(iterable: AsyncIterable<string>): Promise<string[]> {
  const tokens: string[] = [];
  for await (const token of iterable) tokens.push(token);
  return tokens;
}

function textGenerator(overrides = {}) {
  return createOpenAiCompatibleProviders(loopback.config(overrides)).text;
}

const streamReply = json(200, fixture('chat-completion-stream.txt'), {
  'content-type': 'text/event-stream; charset=utf-8',
});

test('streams the deltas of a recorded chat completion, sending model, key and fields', async () => {
  loopback.reply = streamReply;
  const tokens = await collect(textGenerator().generate(REQUEST));
  assert.ok(tokens.length > 10, 'token by token');
  assert.equal(tokens.join(''), STREAMED_TEXT);

  const sent = loopback.requests.at(-1);
  assert.equal(sent?.method, 'POST');
  assert.equal(sent?.url, '/v1/chat/completions');
  assert.equal(sent?.headers.authorization, 'Bearer sk-test-key');
  const body = sentJson(sent);
  assert.deepEqual(body, {
    model: 'gpt-4o-mini',
    messages: [
      { role: 'system', content: REQUEST.system },
      { role: 'user', content: REQUEST.prompt },
    ],
    stream: true,
    max_tokens: 300,
    temperature: 0.7,
  });
});

test("the writer's grammar goes as the `grammar` field only with OPENAI_TEXT_GRAMMAR=gbnf", async () => {
  loopback.reply = streamReply;
  const grammar = 'root ::= "Focus." [ a-z]*';
  await collect(textGenerator().generate({ ...REQUEST, grammar }));
  assert.equal(
    'grammar' in (sentJson(loopback.requests.at(-1)) as object),
    false,
    'OpenAI refuses it',
  );

  await collect(textGenerator({ OPENAI_TEXT_GRAMMAR: 'gbnf' }).generate({ ...REQUEST, grammar }));
  assert.equal((sentJson(loopback.requests.at(-1)) as { grammar?: string }).grammar, grammar);
  // A request without a grammar sends none.
  await collect(textGenerator({ OPENAI_TEXT_GRAMMAR: 'gbnf' }).generate(REQUEST));
  assert.equal('grammar' in (sentJson(loopback.requests.at(-1)) as object), false);
});

test('a server that ignores stream: true and sends one completion still works', async () => {
  loopback.reply = json(200, fixture('chat-completion.json'));
  assert.equal((await collect(textGenerator().generate(REQUEST))).join(''), STREAMED_TEXT);
});

test('per-capability settings win over the shared ones', async () => {
  loopback.reply = streamReply;
  const providers = createOpenAiCompatibleProviders(
    loadConfig({
      OPENAI_BASE_URL: 'https://api.openai.com/v1',
      OPENAI_TEXT_BASE_URL: `${loopback.baseUrl}/`,
      OPENAI_TEXT_API_KEY: 'sk-text-only',
      OPENAI_TEXT_MODEL: 'llama-3.2-3b-instruct',
    }),
  );
  await collect(providers.text.generate(REQUEST));
  const sent = loopback.requests.at(-1);
  assert.equal(sent?.headers.authorization, 'Bearer sk-text-only');
  assert.equal(sentChatSchema.parse(sentJson(sent)).model, 'llama-3.2-3b-instruct');
  assert.deepEqual(providers.text.status(), {
    engine: 'llama-3.2-3b-instruct via an OpenAI-compatible API',
    tier: 'api',
    ready: true,
  });
  // Speech still points at OpenAI, which has no key here: not ready, and says what to set.
  const speech = providers.speech.status();
  assert.equal(speech.ready, false);
  assert.match(speech.detail ?? '', /OPENAI_API_KEY/);
});

test('a self-hosted server needs no key, and none is sent', async () => {
  loopback.reply = streamReply;
  const generator = createOpenAiCompatibleProviders(
    loadConfig({ OPENAI_BASE_URL: loopback.baseUrl }),
  ).text;
  assert.equal(generator.status().ready, true);
  await collect(generator.generate(REQUEST));
  assert.equal(loopback.requests.at(-1)?.headers.authorization, undefined);
});

test('OpenAI without a key refuses at once with what to set, and sends nothing', async () => {
  const before = loopback.requests.length;
  const generator = createOpenAiCompatibleProviders(loadConfig({})).text;
  await assert.rejects(collect(generator.generate(REQUEST)), (error: unknown) => {
    assert.ok(error instanceof ProviderUnavailableError);
    assert.match(error.message, /OPENAI_API_KEY/);
    return true;
  });
  assert.equal(loopback.requests.length, before);
});

test('401 is an unavailable engine whose message names the key to fix', async () => {
  loopback.reply = json(401, fixture('error-401.json'));
  await assert.rejects(collect(textGenerator().generate(REQUEST)), (error: unknown) => {
    assert.ok(error instanceof ProviderUnavailableError);
    assert.match(error.message, /refused the server's API key.*OPENAI_API_KEY/);
    assert.ok(!error.message.includes('sk-wrong'), 'the upstream text is not passed on');
    return true;
  });
});

test('429 is busy, with the upstream Retry-After, at once when the wait is long', async () => {
  loopback.reply = json(429, fixture('error-429.json'), { 'retry-after': '7' });
  const before = loopback.requests.length;
  await assert.rejects(collect(textGenerator().generate(REQUEST)), (error: unknown) => {
    assert.ok(error instanceof ProviderBusyError);
    assert.equal(error.retryAfterSeconds, 7);
    assert.match(error.message, /try again in 7 seconds/);
    return true;
  });
  assert.equal(loopback.requests.length - before, 1, 'not retried after 7 s');
});

test('a 429 that asks for a short wait is retried after it; a long wait goes to the visitor', async () => {
  const busyOnce = json(429, fixture('error-429.json'), { 'retry-after': '1' });
  let answered = 0;
  loopback.reply = (request, response) => {
    answered += 1;
    return (answered === 1 ? busyOnce : streamReply)(request, response);
  };
  const before = loopback.requests.length;
  const started = performance.now();
  const tokens = await collect(textGenerator().generate(REQUEST));
  assert.equal(tokens.join(''), STREAMED_TEXT);
  assert.equal(loopback.requests.length - before, 2, 'asked twice');
  assert.ok(performance.now() - started >= 1000, 'after the second the service asked for');

  // Always busy with a short wait: two retries, then the visitor hears it is busy.
  loopback.reply = busyOnce;
  const beforeBusy = loopback.requests.length;
  await assert.rejects(collect(textGenerator().generate(REQUEST)), ProviderBusyError);
  assert.equal(loopback.requests.length - beforeBusy, 3);
});

test('a wait given in retry-after-ms is honoured, before a coarser Retry-After', async () => {
  // A server may send both: the SDK waits the milliseconds, so the site decides by them too.
  const busyOnce = json(429, fixture('error-429.json'), {
    'retry-after-ms': '300',
    'retry-after': '7',
  });
  let answered = 0;
  loopback.reply = (request, response) => {
    answered += 1;
    return (answered === 1 ? busyOnce : streamReply)(request, response);
  };
  const before = loopback.requests.length;
  const started = performance.now();
  assert.equal((await collect(textGenerator().generate(REQUEST))).join(''), STREAMED_TEXT);
  assert.equal(loopback.requests.length - before, 2);
  assert.ok(performance.now() - started >= 300, 'after the wait the service asked for');
});

test('a used-up quota is not retried, however short its wait, and names the key', async () => {
  loopback.reply = json(
    429,
    { error: { message: 'You exceeded your current quota.', code: 'insufficient_quota' } },
    { 'retry-after': '1' },
  );
  const before = loopback.requests.length;
  await assert.rejects(collect(textGenerator().generate(REQUEST)), (error: unknown) => {
    assert.ok(error instanceof ProviderUnavailableError);
    assert.match(error.message, /quota is used up.*OPENAI_API_KEY/);
    return true;
  });
  assert.equal(loopback.requests.length - before, 1);
});

test('5xx and other failures are not retried, though the SDK alone would retry them', async () => {
  for (const status of [500, 503, 408, 409]) {
    loopback.reply = json(status, fixture('error-500.json'), { 'retry-after': '0' });
    const before = loopback.requests.length;
    await assert.rejects(collect(textGenerator().generate(REQUEST)), ProviderFailedError);
    assert.equal(loopback.requests.length - before, 1, `a ${status} is asked once`);
  }
});

test('a server that cannot be reached is a failure the visitor may retry', async () => {
  const closed = await startOpenAiLoopback();
  await closed.close();
  const generator = createOpenAiCompatibleProviders(
    loadConfig({ OPENAI_BASE_URL: closed.baseUrl }),
  ).text;
  await assert.rejects(collect(generator.generate(REQUEST)), (error: unknown) => {
    assert.ok(error instanceof ProviderFailedError);
    assert.match(error.message, /could not be reached/);
    assert.ok(String((error.cause as Error).message).includes(closed.host));
    return true;
  });
});

test('an error event inside the stream is a failure, not the end of the answer', async () => {
  loopback.reply = json(
    200,
    'data: {"choices":[{"delta":{"content":"Hi"}}]}\n\ndata: {"error":{"message":"overloaded"}}\n\n',
    { 'content-type': 'text/event-stream' },
  );
  await assert.rejects(collect(textGenerator().generate(REQUEST)), /an error in its answer/);
});

test("the SDK's own environment variables are not read: the site's settings decide", async () => {
  loopback.reply = streamReply;
  const environment = {
    OPENAI_ORG_ID: 'org-from-environment',
    OPENAI_PROJECT_ID: 'proj-from-environment',
    OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
  };
  const saved = Object.fromEntries(
    Object.keys(environment).map((name) => [name, process.env[name]]),
  );
  Object.assign(process.env, environment);
  try {
    await collect(textGenerator().generate(REQUEST));
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
  const sent = loopback.requests.at(-1);
  assert.equal(sent?.headers['openai-organization'], undefined);
  assert.equal(sent?.headers['openai-project'], undefined);
  assert.equal(sent?.url, '/v1/chat/completions');
});

test('500 is a failure the visitor may retry', async () => {
  loopback.reply = json(500, fixture('error-500.json'));
  await assert.rejects(collect(textGenerator().generate(REQUEST)), (error: unknown) => {
    assert.ok(error instanceof ProviderFailedError);
    assert.match(error.message, /failed to answer \(error 500\)\. Please try again/);
    // The server's address may be private: the visitor's text leaves it out, the log has it.
    assert.ok(!error.message.includes(loopback.host), error.message);
    assert.ok(String((error.cause as Error).message).includes(loopback.host));
    return true;
  });
});

test('a server that does not answer in OPENAI_TIMEOUT_MS took too long', async () => {
  loopback.reply = silence;
  await assert.rejects(
    collect(textGenerator({ OPENAI_TIMEOUT_MS: '200' }).generate(REQUEST)),
    /took too long/,
  );
});

test('a stream that stalls half-way also times out', async () => {
  loopback.reply = (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write(
      String(fixture('chat-completion-stream.txt')).split('\n\n').slice(0, 3).join('\n\n') + '\n\n',
    );
  };
  const tokens: string[] = [];
  await assert.rejects(
    async () => {
      for await (const token of textGenerator({ OPENAI_TIMEOUT_MS: '300' }).generate(REQUEST))
        tokens.push(token);
    },
    (error: unknown) => error instanceof ProviderFailedError && /took too long/.test(error.message),
  );
  assert.deepEqual(tokens, ['#', ' Focus']);
});

test('a malformed stream is a failure, not a crash, and its content is not logged', async (t) => {
  // The SDK's stream parser logs an event it cannot parse, unless its logger is off.
  const written: string[] = [];
  t.mock.method(process.stderr, 'write', (chunk: unknown) => {
    written.push(String(chunk));
    return true;
  });
  loopback.reply = json(
    200,
    'data: {"choices":[{"delta":{"content":"Hi"}}]}\n\ndata: {not json\n\n',
    {
      'content-type': 'text/event-stream',
    },
  );
  await assert.rejects(collect(textGenerator().generate(REQUEST)), (error: unknown) => {
    assert.ok(error instanceof ProviderFailedError);
    assert.match(error.message, /cannot read/);
    return true;
  });
  loopback.reply = json(200, '<html>proxy error</html>', { 'content-type': 'application/json' });
  await assert.rejects(collect(textGenerator().generate(REQUEST)), ProviderFailedError);
  t.mock.restoreAll();
  assert.ok(!written.join('').includes('not json'), written.join(''));
});

test('the visitor leaving aborts the upstream request', async () => {
  loopback.reply = (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write('data: {"choices":[{"delta":{"content":"Once"}}]}\n\n');
  };
  const visitor = new AbortController();
  const tokens: string[] = [];
  await assert.rejects(async () => {
    for await (const token of textGenerator().generate({ ...REQUEST, signal: visitor.signal })) {
      tokens.push(token);
      visitor.abort();
    }
  }, GenerationAbortedError);
  assert.deepEqual(tokens, ['Once']);
  await loopback.requests.at(-1)?.closedEarly;
});

/** A streamed chat completion of one delta, as an OpenAI-compatible server sends it. */
function streamed(text: string) {
  return json(
    200,
    `data: ${JSON.stringify({ choices: [{ delta: { content: text } }] })}\n\ndata: [DONE]\n\n`,
    { 'content-type': 'text/event-stream; charset=utf-8' },
  );
}

const BLOG_PLAN = [
  'Title: Focus at Work: Small Habits',
  'Meta description: Simple habits that protect your focus at work, from the first hour of the day to the last meeting of the week.',
  'Sections:',
  '- One Tab at a Time',
  '- Quiet Hours',
  '- Meetings With a Purpose',
  '- The End of the Day',
  'Closing section: Conclusion',
].join('\n');

test('through the app: the blog route writes with the API and health names the engine', async () => {
  // The plan to a plan request; a paragraph of its own to each part.
  let part = 0;
  loopback.reply = (request, response) => {
    const asked = sentChatSchema.parse(sentJson(request)).messages[1].content;
    part += 1;
    const paragraph = `Part ${part} of the post keeps focus simple. Close one tab, then start the task you planned for today.`;
    const text = asked.includes('Plan a blog post')
      ? BLOG_PLAN
      : /Write section/.test(asked)
        ? `${paragraph}\n\n${paragraph.replace('keeps', 'makes')}\n\n- Close one tab in part ${part}.\n- Plan one task in part ${part}.\n- Stop at five in part ${part}.`
        : paragraph;
    return streamed(text)(request, response);
  };
  const config = loopback.config();
  const app = await makeApp({ providers: createOpenAiCompatibleProviders(config) });
  try {
    const response = await app.inject({
      method: 'POST',
      url: API_PATHS.generateBlog,
      payload: { topic: 'Focus at work' },
    });
    assert.equal(response.statusCode, 200, response.body);
    const content = blogResponseSchema.parse(response.json()).data?.content ?? '';
    assert.match(
      content,
      /^# Focus at Work: Small Habits\n\n\*\*Meta description:\*\* Simple habits/,
    );
    assert.match(content, /## Quiet Hours\n\nPart \d+ of the post keeps focus simple\./);
    const asked = loopback.requests.map(
      (request) => sentChatSchema.parse(sentJson(request)).messages[1].content,
    );
    assert.ok(asked.some((prompt) => prompt.includes('Plan a blog post about: "Focus at work"')));

    // Typed, not parsed: parsing would drop unknown keys, and the comparison below must see them.
    const healthAnswer = await app.inject({ method: 'GET', url: API_PATHS.health });
    const health = healthAnswer.json<HealthResponse>();
    assert.deepEqual(health.engines.text, {
      engine: 'gpt-4o-mini via an OpenAI-compatible API',
      tier: 'api',
      ready: true,
    });

    loopback.reply = json(429, fixture('error-429.json'), { 'retry-after': '12' });
    const busy = await app.inject({
      method: 'POST',
      url: API_PATHS.generateBlog,
      payload: { topic: 'Focus' },
    });
    assert.equal(busy.statusCode, 503);
    assert.equal(busy.headers['retry-after'], '12');
    assert.match(errorMessage(busy), /busy/);
  } finally {
    await app.close();
  }
});
