import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  API_PATHS,
  ENGINE_TEXTS,
  LIMITS,
  TIMINGS,
  SPOKEN_LANGUAGES,
  BASIC_VOICE_LANGUAGES,
  VOICE_DESCRIPTIONS,
  VOICES,
  voiceName,
  type TextToSpeechRequest,
  TEXT_TO_SPEECH_MESSAGES,
} from '@ai-tools/contracts';
import { makeStore } from '../../app/store.ts';
import {
  blobBytes,
  blobText,
  callsTo,
  captureDownloads,
  deferred,
  eventStream,
  jsonBody,
  jsonResponse,
  READY_HEALTH,
  renderWithStore,
  serverSentEvent,
  stubApi,
  stubObjectUrls,
  tonePiece,
} from '../../lib/test-helpers.tsx';
import { clearAudio, generateSpeech } from './tts-slice.ts';
import { TextToSpeechPage } from './text-to-speech-page.tsx';

const AUDIO_BASE64 = btoa('ID3 fake mp3 bytes');
const REQUEST = { text: 'Hello', voice: 'alloy', speed: 1, outputFormat: 'mp3' } as const;

const CAPTIONS = [
  { start: 0, end: 1.2, text: 'Hello there.' },
  { start: 1.2, end: 3.5, text: 'The birch canoe slid on the\nsmooth planks of the old river.' },
];

function audioReply(format = 'mp3') {
  return jsonResponse({
    success: true,
    data: {
      audioBase64: AUDIO_BASE64,
      format,
      mediaType: 'audio/mpeg',
      durationSeconds: 3.5,
      engine: 'festival',
      captions: CAPTIONS,
    },
  });
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('tts slice', () => {
  it('stores an object URL of audio/<format> and the format on success', async () => {
    const { blobs } = stubObjectUrls();
    stubApi({ [API_PATHS.textToSpeech]: () => audioReply('wav') });
    const store = makeStore();
    await store.dispatch(generateSpeech({ ...REQUEST, outputFormat: 'wav' }));
    const { audioUrl, format, loading, error } = store.getState().tts;
    expect({ format, loading, error }).toEqual({ format: 'wav', loading: false, error: null });
    expect(blobs.get(audioUrl!)?.type).toBe('audio/wav');
    expect(blobs.get(audioUrl!)?.size).toBe('ID3 fake mp3 bytes'.length);
  });

  it('makes a streamed WAV from the pieces it played, as the result carries no file again', async () => {
    const { blobs } = stubObjectUrls();
    // Two pieces of 16-bit samples at 24 kHz, then a result without audioBase64 (the server's way).
    const samples = [new Int16Array([1, -2, 3]), new Int16Array([400, -500])];
    const base64 = (pcm: Int16Array) => btoa(String.fromCharCode(...new Uint8Array(pcm.buffer)));
    const body = [
      ...samples.map((pcm, index) =>
        serverSentEvent('audio', {
          index,
          text: `Piece ${index}.`,
          startSeconds: index,
          endSeconds: index + 1,
          sampleRate: 24_000,
          pcmBase64: base64(pcm),
        }),
      ),
      serverSentEvent('result', {
        success: true,
        data: { format: 'wav', mediaType: 'audio/wav', durationSeconds: 2, engine: 'Kokoro' },
      }),
    ].join('');
    stubApi({
      [API_PATHS.textToSpeech]: () =>
        new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    });
    const store = makeStore();
    await store.dispatch(generateSpeech({ ...REQUEST, outputFormat: 'wav' }));
    const { audioUrl, format, error } = store.getState().tts;
    expect({ format, error }).toEqual({ format: 'wav', error: null });
    const blob = blobs.get(audioUrl!)!;
    expect(blob.type).toBe('audio/wav');
    const file = new DataView((await blobBytes(blob)).buffer);
    const text = (offset: number) => String.fromCharCode(...new Uint8Array(file.buffer, offset, 4));
    expect([text(0), text(8), text(12), text(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(file.getUint32(4, true)).toBe(file.byteLength - 8);
    expect(file.getUint16(22, true)).toBe(1);
    expect(file.getUint32(24, true)).toBe(24_000);
    expect(file.getUint16(34, true)).toBe(16);
    expect(file.getUint32(40, true)).toBe(10);
    const played = Array.from({ length: 5 }, (_, index) => file.getInt16(44 + index * 2, true));
    expect(played).toEqual([1, -2, 3, 400, -500]);
  });

  it('makes a streamed MP3 from the pieces it played, as the result carries no file again', async () => {
    const { blobs } = stubObjectUrls();
    // Half a second of a tone at 24 kHz in two pieces, then a result without audioBase64.
    const body = [tonePiece(0, 0.25), tonePiece(1, 0.25)]
      .map((piece) => serverSentEvent('audio', piece))
      .concat(
        serverSentEvent('result', {
          success: true,
          data: { format: 'mp3', mediaType: 'audio/mpeg', durationSeconds: 0.5, engine: 'Kokoro' },
        }),
      )
      .join('');
    stubApi({
      [API_PATHS.textToSpeech]: () =>
        new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    });
    const store = makeStore();
    await store.dispatch(generateSpeech({ ...REQUEST, outputFormat: 'mp3' }));
    const { audioUrl, format, error } = store.getState().tts;
    expect({ format, error }).toEqual({ format: 'mp3', error: null });
    const blob = blobs.get(audioUrl!)!;
    expect(blob.type).toBe('audio/mpeg');
    const bytes = await blobBytes(blob);
    // An MPEG-2 Layer III frame at 96 kbit/s and 24 kHz: 0xFFF3, then bitrate 10 and rate 1.
    expect([bytes[0], bytes[1], bytes[2]! & 0xfc]).toEqual([0xff, 0xf3, 0xa4]);
    // Half a second at 96 kbit/s is 6 KB, give or take the encoder's first and last frames.
    expect(bytes.length).toBeGreaterThan(5_500);
    expect(bytes.length).toBeLessThan(8_000);
  });

  it('a streamed answer without a file is an error unless the page made it from its pieces', async () => {
    stubObjectUrls();
    const result = (format: string) =>
      serverSentEvent('result', {
        success: true,
        data: { format, mediaType: 'audio/mpeg', durationSeconds: 1, engine: 'Kokoro' },
      });
    // No pieces to make a WAV or an MP3 of; an Opus the page does not make at all.
    for (const format of ['mp3', 'wav', 'opus'] as const) {
      stubApi({
        [API_PATHS.textToSpeech]: () =>
          new Response(result(format), { headers: { 'content-type': 'text/event-stream' } }),
      });
      const store = makeStore();
      await store.dispatch(generateSpeech({ ...REQUEST, outputFormat: format }));
      expect(store.getState().tts.error).toBe(TEXT_TO_SPEECH_MESSAGES.noAudioData);
      expect(store.getState().tts.audioUrl).toBeNull();
    }
  });

  it('reads audioBase64 at the top level or under data; unsound captions are left out', async () => {
    // docs/product.md section 7: either place; the format asked for when none is sound.
    stubObjectUrls();
    const answers = [
      { audioBase64: AUDIO_BASE64 },
      { success: true, data: { audioBase64: AUDIO_BASE64, format: 'mp3' } },
      {
        success: true,
        data: { audioBase64: AUDIO_BASE64, captions: [{ start: 0, text: 'No end.' }] },
      },
    ];
    const store = makeStore();
    for (const answer of answers) {
      stubApi({ [API_PATHS.textToSpeech]: () => jsonResponse(answer) });
      await store.dispatch(generateSpeech(REQUEST));
      expect(store.getState().tts.audioUrl).toMatch(/^blob:/);
      expect(store.getState().tts.format).toBe('mp3');
      expect(store.getState().tts.error).toBeNull();
      expect(store.getState().tts.captions).toEqual([]);
    }
  });

  it('a reply without audio data is an error', async () => {
    stubObjectUrls();
    stubApi({ [API_PATHS.textToSpeech]: () => jsonResponse({ success: true, data: {} }) });
    const store = makeStore();
    await store.dispatch(generateSpeech(REQUEST));
    expect(store.getState().tts).toMatchObject({
      audioUrl: null,
      error: TEXT_TO_SPEECH_MESSAGES.noAudioData,
    });
  });

  it('a failure stores the server message, else the default', async () => {
    stubApi({
      [API_PATHS.textToSpeech]: () => jsonResponse({ message: 'The text is too long.' }, 400),
    });
    const store = makeStore();
    await store.dispatch(generateSpeech(REQUEST));
    expect(store.getState().tts.error).toBe('The text is too long.');

    stubApi({
      [API_PATHS.textToSpeech]: () => {
        throw new TypeError('network down');
      },
    });
    await store.dispatch(generateSpeech(REQUEST));
    // The API client's own message for a network failure says what to do.
    expect(store.getState().tts.error).toMatch(/Check your connection/);
  });

  it('pending clears the old audio and error, and revokes the old URL', async () => {
    const { revoked } = stubObjectUrls();
    stubApi({ [API_PATHS.textToSpeech]: () => audioReply() });
    const store = makeStore();
    await store.dispatch(generateSpeech(REQUEST));
    const first = store.getState().tts.audioUrl!;

    let release!: () => void;
    stubApi({
      [API_PATHS.textToSpeech]: () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(audioReply());
        }),
    });
    const second = store.dispatch(generateSpeech(REQUEST));
    expect(store.getState().tts).toMatchObject({
      audioUrl: null,
      format: null,
      loading: true,
      error: null,
    });
    expect(revoked).toEqual([first]);
    await waitFor(() => expect(release).toBeTypeOf('function'));
    release();
    await second;
    const replacement = store.getState().tts.audioUrl!;
    expect(replacement).not.toBe(first);

    store.dispatch(clearAudio());
    expect(revoked).toEqual([first, replacement]);
    expect(store.getState().tts).toMatchObject({ audioUrl: null, format: null });
  });

  it('a newer request replaces a running one: only its audio gets an object URL', async () => {
    const { blobs, revoked } = stubObjectUrls();
    const replies = [deferred<Response>(), deferred<Response>()];
    let call = 0;
    stubApi({ [API_PATHS.textToSpeech]: () => replies[call++]!.promise });
    const store = makeStore();
    const older = store.dispatch(generateSpeech(REQUEST));
    const newer = store.dispatch(generateSpeech({ ...REQUEST, outputFormat: 'wav' }));
    replies[1]!.resolve(audioReply('wav'));
    await newer;
    replies[0]!.resolve(audioReply('mp3'));
    await older;
    expect([...blobs.keys()]).toEqual([store.getState().tts.audioUrl]);
    expect(store.getState().tts).toMatchObject({ format: 'wav', loading: false, error: null });
    expect(revoked).toEqual([]);
  });
});

describe('Text to speech page', () => {
  it('shows the form of docs/product.md section 2 with its defaults', async () => {
    stubApi({});
    renderWithStore(<TextToSpeechPage />);
    const textarea = screen.getByLabelText('Text');
    expect(textarea).toHaveAttribute('rows', '10');
    expect(textarea).toHaveAttribute('placeholder', 'Enter your text here');
    expect(screen.getByLabelText('Voice')).toHaveValue('alloy');
    expect(screen.getByLabelText('Speed')).toHaveDisplayValue('1x');
    expect(screen.getByLabelText('Output Format')).toHaveDisplayValue('MP3');
    expect(screen.getByRole('option', { name: '0.25x' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'WAV' })).toBeInTheDocument();
    expect(screen.getByText('No audio generated yet.')).toBeInTheDocument();
    // The engine in plain words; its own name is the line's tooltip.
    expect(await screen.findByText(ENGINE_TEXTS.speechClassic)).toHaveAttribute(
      'title',
      'Engine: festival',
    );
  });

  it('names each voice in the picker, describes the chosen one once beside it, and offers its sample', async () => {
    const fetchMock = stubApi({});
    renderWithStore(<TextToSpeechPage />);
    const picker = screen.getByLabelText('Voice');
    for (const voice of VOICES) {
      // The name alone: a description inside the option was cut off ("alloy: American woman, even and cle").
      expect(screen.getByRole('option', { name: voiceName(voice) })).toHaveValue(voice);
    }
    expect(screen.getByRole('option', { name: 'Alloy' })).toHaveTextContent(/^Alloy$/);
    expect(picker).toHaveAccessibleDescription(VOICE_DESCRIPTIONS.alloy);
    expect(screen.getAllByText(VOICE_DESCRIPTIONS.alloy, { exact: false })).toHaveLength(1);
    expect(screen.getByLabelText('Sample of the voice alloy')).toHaveAttribute(
      'src',
      '/api/audio/voice_samples/alloy',
    );

    await userEvent.selectOptions(picker, 'nova');
    expect(picker).toHaveAccessibleDescription(VOICE_DESCRIPTIONS.nova);
    expect(screen.getAllByText(VOICE_DESCRIPTIONS.nova, { exact: false })).toHaveLength(1);
    expect(screen.queryByText(VOICE_DESCRIPTIONS.alloy, { exact: false })).not.toBeInTheDocument();
    expect(screen.getByText('Nova', { selector: 'strong' })).toBeVisible();
    const sample = screen.getByLabelText('Sample of the voice nova');
    expect(sample.tagName).toBe('AUDIO');
    expect(sample).toHaveAttribute('src', '/api/audio/voice_samples/nova');
    expect(sample).toHaveAttribute('preload', 'none');
    // The sample is fetched by the audio element when played, never by the page itself.
    expect(callsTo(fetchMock, '/api/audio/voice_samples/nova')).toHaveLength(0);
  });

  it('lists the languages the voices speak, and shows the refusal of another language', async () => {
    const refusal = TEXT_TO_SPEECH_MESSAGES.languageNotSpoken('ko');
    stubApi({ [API_PATHS.textToSpeech]: () => jsonResponse({ message: refusal }, 400) });
    renderWithStore(<TextToSpeechPage />);
    const list = screen.getByTestId('spoken-languages');
    for (const { name } of [...SPOKEN_LANGUAGES, ...BASIC_VOICE_LANGUAGES]) {
      expect(list).toHaveTextContent(name);
    }
    expect(list).toHaveTextContent(
      'Voices speak English, Spanish, French, Hindi, Italian, Japanese, and Portuguese.',
    );

    await userEvent.type(screen.getByLabelText('Text'), '안녕하세요, 만나서 반갑습니다.');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This text seems to be in Korean, which our voices do not speak.',
    );
  });

  it('counts characters live against the limit', async () => {
    stubApi({});
    renderWithStore(<TextToSpeechPage />);
    await userEvent.type(screen.getByLabelText('Text'), 'Hello');
    expect(
      screen.getByText(`5 / ${LIMITS.textToSpeechMaxCharacters} characters`),
    ).toBeInTheDocument();
  });

  it('blank text shows the red note for 2 seconds and sends nothing', async () => {
    const fetchMock = stubApi({});
    renderWithStore(<TextToSpeechPage />);
    await screen.findByText(ENGINE_TEXTS.speechClassic);
    vi.useFakeTimers();
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(screen.getByText(TEXT_TO_SPEECH_MESSAGES.enterTextFirst)).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(TIMINGS.noticeMs - 1);
    });
    expect(screen.getByText(TEXT_TO_SPEECH_MESSAGES.enterTextFirst)).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText(TEXT_TO_SPEECH_MESSAGES.enterTextFirst)).not.toBeInTheDocument();
    expect(callsTo(fetchMock, API_PATHS.textToSpeech)).toHaveLength(0);
  });

  it('generates, plays and downloads generated_speech.<ext> of the chosen format, and its captions', async () => {
    const { blobs } = stubObjectUrls();
    let release!: () => void;
    const fetchMock = stubApi({
      [API_PATHS.textToSpeech]: (init) => {
        const format = jsonBody<TextToSpeechRequest>(init).outputFormat;
        return new Promise<Response>((resolve) => {
          release = () => resolve(audioReply(format));
        });
      },
    });
    const downloads = captureDownloads();
    renderWithStore(<TextToSpeechPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Text'), 'Hello there');
    await user.selectOptions(screen.getByLabelText('Output Format'), 'WAV');
    await user.selectOptions(screen.getByLabelText('Speed'), '1.5x');
    await user.click(screen.getByRole('button', { name: 'Generate' }));

    // Marked disabled, yet it keeps the focus: a disabled button would drop it to the page.
    const generating = screen.getByRole('button', { name: 'Generating...' });
    expect(generating).toHaveAttribute('aria-disabled', 'true');
    expect(generating).toHaveFocus();
    // A second press while it runs sends nothing.
    await user.click(generating);
    expect(screen.getByRole('status')).toHaveTextContent(/Generating your audio/);
    await waitFor(() => expect(release).toBeTypeOf('function'));
    release();

    const player = await screen.findByLabelText('Generated audio');
    expect(player).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    expect(callsTo(fetchMock, API_PATHS.textToSpeech)).toHaveLength(1);
    // The result comes into view with focus on its heading, which says it once.
    expect(screen.getByRole('heading', { name: 'Generated Audio:' })).toHaveFocus();
    expect(screen.queryByText('Your audio is ready below.')).not.toBeInTheDocument();
    const [, init] = callsTo(fetchMock, API_PATHS.textToSpeech)[0]!;
    expect(jsonBody<TextToSpeechRequest>(init)).toEqual({
      text: 'Hello there',
      voice: 'alloy',
      speed: 1.5,
      outputFormat: 'wav',
      captions: true,
    });

    await user.click(screen.getByRole('button', { name: 'Download' }));
    await user.click(screen.getByRole('button', { name: 'Captions (SRT)' }));
    await user.click(screen.getByRole('button', { name: 'Captions (WebVTT)' }));
    expect(downloads.map((download) => download.name)).toEqual([
      'generated_speech.wav',
      'generated_speech.srt',
      'generated_speech.vtt',
    ]);
    const srt = await blobText(blobs.get(downloads[1]!.href)!);
    expect(srt).toBe(
      '1\n00:00:00,000 --> 00:00:01,200\nHello there.\n\n' +
        '2\n00:00:01,200 --> 00:00:03,500\nThe birch canoe slid on the\nsmooth planks of the old river.\n',
    );

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('No audio generated yet.')).toBeInTheDocument();
    expect(screen.getByLabelText('Text')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Download' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Captions (SRT)' })).not.toBeInTheDocument();
  });

  it('plays the speech as it streams in, says how much is made, then offers the whole file', async () => {
    stubObjectUrls();
    const stream = eventStream();
    const fetchMock = stubApi({ [API_PATHS.textToSpeech]: (init) => stream.respond(init) });
    renderWithStore(<TextToSpeechPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Text'), 'One. Two.');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(callsTo(fetchMock, API_PATHS.textToSpeech)).toHaveLength(1));
    const [, init] = callsTo(fetchMock, API_PATHS.textToSpeech)[0]!;
    expect(new Headers(init?.headers).get('accept')).toBe('text/event-stream');

    const piece = (index: number, startSeconds: number, endSeconds: number) =>
      serverSentEvent('audio', {
        index,
        text: index === 0 ? 'One.' : 'Two.',
        startSeconds,
        endSeconds,
        sampleRate: 8000,
        pcmBase64: btoa('\u0000\u0001'.repeat(8)),
      });
    stream.send(serverSentEvent('queue', { ahead: 2, estimatedWaitSeconds: 9 }));
    // Waiting and working are two states with one message each.
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(/^Waiting in line: 2 ahead, about 9 s$/),
    );
    expect(screen.getByTestId('speech-stream-note')).toHaveTextContent('');
    // Its turn comes, with how long it should take at this server's measured speed.
    stream.send(
      serverSentEvent('queue', { ahead: 0, estimatedWaitSeconds: 0, estimatedRunSeconds: 14 }),
    );
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Generating your audio…'),
    );
    expect(screen.getByRole('status')).toHaveTextContent('usually about 14 s');
    stream.send(piece(0, 0, 4.2));
    expect(
      await screen.findByText('Playing while the rest is made: 4 s of audio so far.'),
    ).toBeInTheDocument();
    stream.send(piece(1, 4.2, 7.6));
    expect(
      await screen.findByText('Playing while the rest is made: 8 s of audio so far.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Generated audio')).not.toBeInTheDocument();

    stream.send(
      serverSentEvent('result', {
        success: true,
        data: {
          audioBase64: AUDIO_BASE64,
          format: 'mp3',
          mediaType: 'audio/mpeg',
          durationSeconds: 7.6,
          engine: 'Kokoro-82M v1.0 (onnxruntime-node)',
        },
      }),
    );
    const player = await screen.findByLabelText('Generated audio');
    expect(player).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    expect(screen.getByTestId('speech-stream-note')).toHaveTextContent('');
  });

  it('shows the error line with the server message', async () => {
    stubApi({
      [API_PATHS.textToSpeech]: () => jsonResponse({ message: 'The server is busy.' }, 503),
    });
    renderWithStore(<TextToSpeechPage />);
    await userEvent.type(screen.getByLabelText('Text'), 'Hi');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is busy.');
  });

  it('warns before the form is filled when no speech engine is ready, and disables Generate', async () => {
    stubApi({
      [API_PATHS.health]: () =>
        jsonResponse({
          ...READY_HEALTH,
          engines: {
            ...READY_HEALTH.engines,
            speech: { engine: 'none', tier: 'none', ready: false, detail: 'Install festival.' },
          },
        }),
    });
    renderWithStore(<TextToSpeechPage />, makeStore());
    expect(await screen.findByText('Install festival.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();
  });
});
