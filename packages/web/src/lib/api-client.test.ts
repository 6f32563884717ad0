import {
  API_PATHS,
  EVENT_STREAM_MEDIA_TYPE,
  REQUEST_MESSAGES,
  SPEECH_STREAM_EVENTS,
  TEXT_TO_SPEECH_MESSAGES,
  WRITER_STREAM_EVENTS,
  type QueueEvent,
} from '@ai-tools/contracts';
import { ApiRequestError, postSpeech, postWriter } from './api-client.ts';
import { eventStream, jsonBody, jsonResponse, serverSentEvent } from './test-helpers.tsx';

const PATH = API_PATHS.generateStory;
const RESULT = { success: true, data: { story: 'एक दिन, a kite flew.' } };

afterEach(() => {
  vi.unstubAllGlobals();
});

/** fetch answers every call with `answer`; the calls are recorded. */
function stubFetch(answer: (init: RequestInit | undefined) => Response) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => answer(init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function collect() {
  const texts: string[] = [];
  const queues: QueueEvent[] = [];
  return {
    texts,
    queues,
    onText: (text: string) => texts.push(text),
    onQueue: (queue: QueueEvent) => queues.push(queue),
  };
}

/** Lets the client read what has been sent so far. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('postWriter', () => {
  it('asks for the stream and reads events split anywhere across chunks, even inside a character', async () => {
    const stream = eventStream();
    const fetchMock = stubFetch((init) => stream.respond(init));
    const seen = collect();
    const answer = postWriter(PATH, { topic: 'kites' }, seen);

    const wire = [
      ': keep-alive\n\n',
      serverSentEvent(WRITER_STREAM_EVENTS.queue, { ahead: 2, estimatedWaitSeconds: 40 }),
      serverSentEvent('progress', { percent: 10 }),
      serverSentEvent(WRITER_STREAM_EVENTS.text, { text: 'एक दिन' }),
      serverSentEvent(WRITER_STREAM_EVENTS.text, { text: ', a kite flew.' }),
      serverSentEvent(WRITER_STREAM_EVENTS.result, RESULT),
    ].join('');
    const bytes = new TextEncoder().encode(wire);
    // Seven-byte pieces cut lines, JSON and the three-byte Devanagari letters apart.
    for (let start = 0; start < bytes.length; start += 7)
      stream.send(bytes.slice(start, start + 7));

    await expect(answer).resolves.toEqual(RESULT);
    expect(seen.queues).toEqual([{ ahead: 2, estimatedWaitSeconds: 40 }]);
    expect(seen.texts).toEqual(['एक दिन', ', a kite flew.']);
    const [input, init] = fetchMock.mock.calls[0]!;
    expect(input).toBe(PATH);
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('accept')).toBe(EVENT_STREAM_MEDIA_TYPE);
    expect(jsonBody(init)).toEqual({ topic: 'kites' });
  });

  it('says which text replaces everything shown so far', async () => {
    const stream = eventStream();
    stubFetch((init) => stream.respond(init));
    const seen: [string, boolean][] = [];
    const answer = postWriter(PATH, {}, { onText: (text, replace) => seen.push([text, replace]) });
    stream.send(serverSentEvent(WRITER_STREAM_EVENTS.text, { text: 'Our' }));
    stream.send(serverSentEvent(WRITER_STREAM_EVENTS.text, { text: '', replace: true }));
    stream.send(serverSentEvent(WRITER_STREAM_EVENTS.text, { text: 'Wake', replace: false }));
    stream.send(serverSentEvent(WRITER_STREAM_EVENTS.result, RESULT));
    await expect(answer).resolves.toEqual(RESULT);
    expect(seen).toEqual([
      ['Our', false],
      ['', true],
      ['Wake', false],
    ]);
  });

  it('reads a plain JSON answer from a server or proxy that does not stream', async () => {
    stubFetch(() => jsonResponse(RESULT));
    const seen = collect();
    await expect(postWriter(PATH, {}, seen)).resolves.toEqual(RESULT);
    expect(seen.texts).toEqual([]);
  });

  it('rejects an HTTP error answer with the server message and status', async () => {
    stubFetch(() => jsonResponse({ message: 'The server is busy.' }, 503));
    const error = await postWriter(PATH, {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 503, serverMessage: 'The server is busy.' });
  });

  it('rejects an HTTP error without a message, or with a body that is not JSON, with no words', async () => {
    // The page then shows its own default: a status code is never a visitor's text.
    const answers = [
      () => jsonResponse({}, 500),
      () => new Response('<h1>500 Internal Server Error</h1>', { status: 500 }),
    ];
    for (const answer of answers) {
      stubFetch(answer);
      const error = await postWriter(PATH, {}).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ApiRequestError);
      expect(error).toMatchObject({ status: 500, message: '', serverMessage: undefined });
    }
  });

  it('rejects an error event with its message and status, after the text before it', async () => {
    const stream = eventStream();
    stubFetch((init) => stream.respond(init));
    const seen = collect();
    const answer = postWriter(PATH, {}, seen).catch((caught: unknown) => caught);
    stream.send(serverSentEvent(WRITER_STREAM_EVENTS.text, { text: 'Once' }));
    stream.send(
      serverSentEvent(WRITER_STREAM_EVENTS.error, {
        message: 'Writing took too long.',
        status: 503,
      }),
    );
    const error = await answer;
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 503, serverMessage: 'Writing took too long.' });
    expect(seen.texts).toEqual(['Once']);
    expect(stream.closed).toBe(true);
  });

  it("rejects a result its writer's schema refuses, streamed or plain, without words", async () => {
    // The page then shows its own default, as for any answer it cannot read.
    const malformed = { success: true, data: { script: 'A story sent as a script.' } };
    const stream = eventStream();
    stubFetch((init) => stream.respond(init));
    const streamed = postWriter(PATH, {}).catch((caught: unknown) => caught);
    stream.send(serverSentEvent(WRITER_STREAM_EVENTS.result, malformed));
    const streamedError = await streamed;
    stubFetch(() => jsonResponse(malformed));
    const plainError = await postWriter(PATH, {}).catch((caught: unknown) => caught);
    for (const error of [streamedError, plainError]) {
      expect(error).toBeInstanceOf(ApiRequestError);
      expect(error).toMatchObject({ status: 200, message: '', serverMessage: undefined });
    }
  });

  it('rejects a stream that ends without its result', async () => {
    const stream = eventStream();
    stubFetch((init) => stream.respond(init));
    const answer = postWriter(PATH, {}).catch((caught: unknown) => caught);
    stream.send(serverSentEvent(WRITER_STREAM_EVENTS.text, { text: 'Once' }));
    stream.end();
    const error = await answer;
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as Error).message).toBe(REQUEST_MESSAGES.answerCutOff);
  });

  it('stops on abort: the request ends and no text read after it reaches the caller', async () => {
    const stream = eventStream();
    const fetchMock = stubFetch((init) => stream.respond(init));
    const controller = new AbortController();
    const seen = collect();
    const answer = postWriter(PATH, {}, { ...seen, signal: controller.signal }).catch(
      (caught: unknown) => caught,
    );
    stream.send(serverSentEvent(WRITER_STREAM_EVENTS.text, { text: 'Once' }));
    await settle();
    // Read off the wire in the same moment as Stop: it must not come after it.
    stream.send(serverSentEvent(WRITER_STREAM_EVENTS.text, { text: ' upon' }));
    controller.abort();

    const error = await answer;
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(seen.texts).toEqual(['Once']);
    expect(fetchMock.mock.calls[0]![1]?.signal?.aborted).toBe(true);
    expect(stream.closed).toBe(true);
  });
});

describe('postSpeech', () => {
  const ANSWER = {
    success: true,
    data: {
      audioBase64: btoa('ID3 fake mp3 bytes'),
      format: 'mp3',
      mediaType: 'audio/mpeg',
      durationSeconds: 1.5,
      engine: 'festival',
      captions: [{ start: 0, end: 1.5, text: 'Hello there.' }],
    },
  };

  it("resolves with the result its schema passes, after the pieces, and drops what it doesn't know", async () => {
    const stream = eventStream();
    const fetchMock = stubFetch((init) => stream.respond(init));
    const pieces: number[] = [];
    const answer = postSpeech(
      { text: 'Hello there.' },
      { onAudio: ({ index }) => pieces.push(index) },
    );
    stream.send(
      serverSentEvent(SPEECH_STREAM_EVENTS.audio, {
        index: 0,
        text: 'Hello there.',
        startSeconds: 0,
        endSeconds: 1.5,
        sampleRate: 24_000,
        pcmBase64: '',
      }),
    );
    stream.send(serverSentEvent(SPEECH_STREAM_EVENTS.result, { ...ANSWER, extra: 'field' }));
    await expect(answer).resolves.toEqual({
      audioBase64: ANSWER.data.audioBase64,
      format: 'mp3',
      captions: ANSWER.data.captions,
    });
    expect(pieces).toEqual([0]);
    expect(fetchMock.mock.calls[0]![0]).toBe(API_PATHS.textToSpeech);
  });

  it('reads audioBase64 at the top level or under data; a format it does not know is left out', async () => {
    // docs/product.md section 7.
    const answers = [
      {
        body: { audioBase64: 'QQ==', format: 'wav' },
        read: { audioBase64: 'QQ==', format: 'wav' },
      },
      {
        body: { success: true, data: { audioBase64: 'QQ==', format: 'riff' } },
        read: { audioBase64: 'QQ==', format: undefined },
      },
    ];
    for (const { body, read } of answers) {
      const stream = eventStream();
      stubFetch((init) => stream.respond(init));
      const answer = postSpeech({ text: 'Hello' });
      stream.send(serverSentEvent(SPEECH_STREAM_EVENTS.result, body));
      await expect(answer).resolves.toEqual(read);
    }
  });

  it('leaves a data without audio to the caller: a streamed WAV is made from its pieces', async () => {
    const stream = eventStream();
    stubFetch((init) => stream.respond(init));
    const answer = postSpeech({ text: 'Hello', outputFormat: 'wav' });
    stream.send(
      serverSentEvent(SPEECH_STREAM_EVENTS.result, { success: true, data: { format: 'wav' } }),
    );
    await expect(answer).resolves.toEqual({ format: 'wav' });
  });

  it('rejects an answer with no audio and no data with the words that say no audio came', async () => {
    for (const body of [{ success: true }, { success: true, audioBase64: '' }]) {
      const stream = eventStream();
      stubFetch((init) => stream.respond(init));
      const answer = postSpeech({ text: 'Hello' }).catch((caught: unknown) => caught);
      stream.send(serverSentEvent(SPEECH_STREAM_EVENTS.result, body));
      const error = await answer;
      expect(error).toBeInstanceOf(ApiRequestError);
      expect((error as Error).message).toBe(TEXT_TO_SPEECH_MESSAGES.noAudioData);
    }
  });
});
