import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  API_PATHS,
  DURATIONS,
  PLATFORMS,
  SCRIPT_TOPICS,
  WRITER_MESSAGES,
  WRITER_STREAM_EVENTS,
  type TextToSpeechRequest,
  type VideoScriptRequest,
  PAGE_TEXTS,
} from '@ai-tools/contracts';
import { makeStore } from '../../app/store.ts';
import {
  blobText,
  callsTo,
  captureDownloads,
  deferred,
  eventStream,
  jsonBody,
  jsonResponse,
  renderWithStore,
  serverSentEvent,
  stubApi,
  stubObjectUrls,
} from '../../lib/test-helpers.tsx';
import { clearScript, generateScript } from './video-script-slice.ts';
import { VideoScriptPage } from './video-script-page.tsx';

const REQUEST = {
  topic: SCRIPT_TOPICS[0].name,
  platform: PLATFORMS[0],
  duration: DURATIONS[0],
  additionalInfo: '',
};

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('videoScript slice', () => {
  it('stores the script on success and empties everything on clear', async () => {
    stubApi({
      [API_PATHS.generateScript]: () =>
        jsonResponse({ success: true, data: { script: '## Hook' } }),
    });
    const store = makeStore();
    const pending = store.dispatch(generateScript(REQUEST));
    expect(store.getState().videoScript).toMatchObject({ loading: true, error: null });
    await pending;
    expect(store.getState().videoScript).toEqual({
      script: '## Hook',
      loading: false,
      error: null,
      partialText: '',
      queue: null,
      estimatedRunSeconds: null,
      step: null,
      textSinceStep: false,
      stopped: false,
      problems: [],
      cutOffAtTimeLimit: false,
      failedPartway: false,
    });
    store.dispatch(clearScript());
    expect(store.getState().videoScript).toEqual({
      script: '',
      loading: false,
      error: null,
      partialText: '',
      queue: null,
      estimatedRunSeconds: null,
      step: null,
      textSinceStep: false,
      stopped: false,
      problems: [],
      cutOffAtTimeLimit: false,
      failedPartway: false,
    });
  });

  it('a failure shows the server message, else the default, never the error own message', async () => {
    stubApi({
      [API_PATHS.generateScript]: () => jsonResponse({ message: 'topic must be one of: ...' }, 400),
    });
    const store = makeStore();
    await store.dispatch(generateScript(REQUEST));
    expect(store.getState().videoScript.error).toBe('topic must be one of: ...');

    stubApi({
      [API_PATHS.generateScript]: () => {
        throw new TypeError('network down');
      },
    });
    await store.dispatch(generateScript(REQUEST));
    expect(store.getState().videoScript.error).toBe(WRITER_MESSAGES.failed);
  });
});

describe('videoScript slice: what the writer reports', () => {
  it('a replace event, then an answer with problems and a cut-off: all stored', async () => {
    const stream = eventStream();
    stubApi({ [API_PATHS.generateScript]: (init) => stream.respond(init) });
    const store = makeStore();
    const pending = store.dispatch(generateScript(REQUEST));
    const state = () => store.getState().videoScript;
    stream.send(serverSentEvent(WRITER_STREAM_EVENTS.text, { text: '## Hook\n\nOur' }));
    await vi.waitFor(() => expect(state().partialText).toBe('## Hook\n\nOur'));
    stream.send(serverSentEvent(WRITER_STREAM_EVENTS.text, { text: '## Hook\n\n', replace: true }));
    await vi.waitFor(() => expect(state().partialText).toBe('## Hook\n\n'));
    stream.send(
      serverSentEvent(WRITER_STREAM_EVENTS.result, {
        success: true,
        data: {
          script: '## Hook\n\nVoiceover:',
          problems: ['the voice-over says nothing'],
          cutOffAtTimeLimit: true,
        },
      }),
    );
    await pending;
    expect(state()).toEqual({
      script: '## Hook\n\nVoiceover:',
      loading: false,
      error: null,
      partialText: '',
      queue: null,
      estimatedRunSeconds: null,
      step: null,
      textSinceStep: false,
      stopped: false,
      problems: ['the voice-over says nothing'],
      cutOffAtTimeLimit: true,
      failedPartway: false,
    });
  });

  it('a successful status whose body is not JSON stores the default error', async () => {
    stubApi({
      [API_PATHS.generateScript]: () =>
        new Response('<html>Welcome</html>', {
          status: 200,
          headers: { 'content-type': 'text/html' },
        }),
    });
    const store = makeStore();
    await store.dispatch(generateScript(REQUEST));
    expect(store.getState().videoScript).toMatchObject({
      script: '',
      error: WRITER_MESSAGES.failed,
    });
  });
});

describe('Video script page', () => {
  it('has the selects, the 4-row Additional Info with the topic sample idea as placeholder', async () => {
    stubApi({});
    renderWithStore(<VideoScriptPage />);
    expect(screen.getByLabelText('Topic')).toHaveValue(SCRIPT_TOPICS[0].name);
    expect(screen.getByLabelText('Platform')).toHaveValue(PLATFORMS[0]);
    expect(screen.getByLabelText('Duration in Min')).toHaveValue(String(DURATIONS[0]));
    const info = screen.getByLabelText('Additional Info');
    expect(info).toHaveAttribute('rows', '4');
    expect(info).toHaveAttribute('placeholder', SCRIPT_TOPICS[0].sampleIdea);
    await userEvent.selectOptions(screen.getByLabelText('Topic'), SCRIPT_TOPICS[4].name);
    expect(info).toHaveAttribute('placeholder', SCRIPT_TOPICS[4].sampleIdea);
  });

  it('shows the panel only after a generation completed, then Generating script... on the next one', async () => {
    stubObjectUrls();
    const first = deferred<Response>();
    const fetchMock = stubApi({ [API_PATHS.generateScript]: () => first.promise });
    const downloads = captureDownloads();
    renderWithStore(<VideoScriptPage />);
    const user = userEvent.setup();

    await user.selectOptions(screen.getByLabelText('Platform'), 'YouTube');
    await user.selectOptions(screen.getByLabelText('Duration in Min'), '1');
    await user.type(screen.getByLabelText('Additional Info'), 'Morning routines');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(screen.getByRole('button', { name: 'Generating...' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.queryByText('Your Script is Ready!')).not.toBeInTheDocument();
    expect(screen.getByText(/Writing your script/).closest('[role="status"]')).not.toBeNull();

    first.resolve(jsonResponse({ success: true, data: { script: '## Hook\n\nWake up early.' } }));
    expect(
      await screen.findByRole('heading', { name: 'Your Script is Ready!' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Hook' })).toBeInTheDocument();
    expect(screen.getByText(/4 words · 1 min read/)).toBeInTheDocument();
    const [, init] = callsTo(fetchMock, API_PATHS.generateScript)[0]!;
    expect(jsonBody<VideoScriptRequest>(init)).toEqual({
      topic: SCRIPT_TOPICS[0].name,
      platform: 'YouTube',
      duration: 1,
      additionalInfo: 'Morning routines',
    });

    await user.click(screen.getByRole('button', { name: 'Download RTC File' }));
    expect(downloads.map((download) => download.name)).toEqual(['video-script.rtc']);

    const second = deferred<Response>();
    stubApi({ [API_PATHS.generateScript]: () => second.promise });
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(screen.getByText('Generating script...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download RTC File' })).toBeDisabled();
    second.resolve(jsonResponse({ success: true, data: { script: 'Second take.' } }));
    expect(await screen.findByText('Second take.')).toBeInTheDocument();
  });

  it('shows the script as it streams in, downloads it once the result is in, and Stop keeps it', async () => {
    const { blobs } = stubObjectUrls();
    const downloads = captureDownloads();
    const stream = eventStream();
    stubApi({ [API_PATHS.generateScript]: (init) => stream.respond(init) });
    renderWithStore(<VideoScriptPage />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Generate' }));

    stream.send(
      serverSentEvent(WRITER_STREAM_EVENTS.queue, { ahead: 3, estimatedWaitSeconds: 75 }),
    );
    expect(
      await screen.findByText('Waiting in line: 3 ahead, about 1 min 15 s'),
    ).toBeInTheDocument();
    stream.send(serverSentEvent(WRITER_STREAM_EVENTS.text, { text: '## Hook\n\nWake' }));
    // The first words open the panel before any generation has completed.
    expect(await screen.findByRole('heading', { name: 'Hook' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your Script is Ready!' })).toBeInTheDocument();
    expect(screen.queryByText('Generating script...')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download RTC File' })).toBeDisabled();

    stream.send(
      serverSentEvent(WRITER_STREAM_EVENTS.result, {
        success: true,
        data: { script: '## Hook\n\nWake up early.' },
      }),
    );
    expect(await screen.findByText('Wake up early.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download RTC File' }));
    expect(downloads.map((download) => download.name)).toEqual(['video-script.rtc']);
    expect(await blobText(blobs.get(downloads[0]!.href)!)).toBe('## Hook\n\nWake up early.');

    const second = eventStream();
    stubApi({ [API_PATHS.generateScript]: (init) => second.respond(init) });
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(screen.getByText('Generating script...')).toBeInTheDocument();
    second.send(serverSentEvent(WRITER_STREAM_EVENTS.text, { text: 'A second take' }));
    await screen.findByText('A second take');
    await user.click(screen.getByRole('button', { name: WRITER_MESSAGES.stop }));
    expect(await screen.findByText(WRITER_MESSAGES.stopped)).toBeInTheDocument();
    expect(second.closed).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Download RTC File' }));
    expect(await blobText(blobs.get(downloads[1]!.href)!)).toBe('A second take');
    // The stub after Stop is not "ready", and its download and voice-over say it is partial.
    expect(
      screen.getByRole('heading', { level: 2, name: WRITER_MESSAGES.stoppedPartialDraft }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'Your Script is Ready!' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download RTC File' })).toHaveAccessibleDescription(
      WRITER_MESSAGES.partialDraftNote,
    );
    expect(
      screen.getByRole('button', { name: 'Make voice-over' }).getAttribute('aria-describedby'),
    ).toBe('voice-over-description');
    expect(document.getElementById('voice-over-description')).toHaveTextContent(
      WRITER_MESSAGES.partialDraftNote,
    );
    expect(screen.queryByText('Your script is ready below.')).not.toBeInTheDocument();
  });

  it('a script cut off at the time limit with problems: labelled, named, and Retry asks again', async () => {
    const problems = ['the voice-over says nothing'];
    const fetchMock = stubApi({
      [API_PATHS.generateScript]: () =>
        jsonResponse({
          success: true,
          data: { script: '## Hook\n\nVoiceover:', problems, cutOffAtTimeLimit: true },
        }),
    });
    renderWithStore(<VideoScriptPage />);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Platform'), 'YouTube');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: WRITER_MESSAGES.cutOffAtTimeLimit }),
    ).toBeInTheDocument();
    expect(screen.getByText(WRITER_MESSAGES.partialDraftNote)).toBeInTheDocument();
    expect(screen.getByText(WRITER_MESSAGES.draftHasProblems(problems))).toHaveAttribute(
      'role',
      'alert',
    );
    expect(screen.queryByText('Your script is ready below.')).not.toBeInTheDocument();

    // The visitor changes a select: Retry still asks for the script that had problems.
    await user.selectOptions(screen.getByLabelText('Platform'), 'SnapChat');
    const retried = stubApi({
      [API_PATHS.generateScript]: () =>
        jsonResponse({ success: true, data: { script: '## Hook\n\nWake up early.' } }),
    });
    await user.click(screen.getByRole('button', { name: WRITER_MESSAGES.retry }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Your Script is Ready!' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(WRITER_MESSAGES.partialDraftNote)).not.toBeInTheDocument();
    // Retry went away while it ran: focus is on the new script's title, its one announcement.
    expect(screen.getByRole('heading', { level: 2, name: 'Your Script is Ready!' })).toHaveFocus();
    expect(screen.queryByText('Your script is ready below.')).not.toBeInTheDocument();
    const first = jsonBody<VideoScriptRequest>(callsTo(fetchMock, API_PATHS.generateScript)[0]![1]);
    expect(first).toMatchObject({ platform: 'YouTube' });
    expect(jsonBody(callsTo(retried, API_PATHS.generateScript)[0]![1])).toEqual(first);
  });

  it('shows "No script generated yet" after a failed generation, with the error below', async () => {
    stubApi({
      [API_PATHS.generateScript]: () =>
        jsonResponse({ message: 'The writers need a text model.' }, 503),
    });
    renderWithStore(<VideoScriptPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('No script generated yet')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The writers need a text model.');
    expect(screen.getByRole('alert')).not.toHaveTextContent(PAGE_TEXTS.genericErrorHint);
    expect(screen.getByRole('button', { name: 'Download RTC File' })).toBeDisabled();
  });

  it('the bare default error gets a line on what to do next', async () => {
    stubApi({
      [API_PATHS.generateScript]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderWithStore(<VideoScriptPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    const alert = screen.getByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent(WRITER_MESSAGES.failed));
    expect(alert).toHaveTextContent(`${WRITER_MESSAGES.failed} ${PAGE_TEXTS.genericErrorHint}`);
  });

  it('Clear empties the result, hides the panel and resets the form to its defaults', async () => {
    stubApi({
      [API_PATHS.generateScript]: () =>
        jsonResponse({ success: true, data: { script: 'A script.' } }),
    });
    renderWithStore(<VideoScriptPage />);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Topic'), SCRIPT_TOPICS[2].name);
    await user.selectOptions(screen.getByLabelText('Platform'), 'SnapChat');
    await user.selectOptions(screen.getByLabelText('Duration in Min'), '1.5');
    await user.type(screen.getByLabelText('Additional Info'), 'Focus');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByText('A script.');

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByText('Your Script is Ready!')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Topic')).toHaveValue(SCRIPT_TOPICS[0].name);
    expect(screen.getByLabelText('Platform')).toHaveValue(PLATFORMS[0]);
    expect(screen.getByLabelText('Duration in Min')).toHaveValue(String(DURATIONS[0]));
    expect(screen.getByLabelText('Additional Info')).toHaveValue('');
  });

  it('Clear while generating cancels the request and keeps the panel hidden', async () => {
    const reply = deferred<Response>();
    stubApi({ [API_PATHS.generateScript]: () => reply.promise });
    const store = makeStore();
    renderWithStore(<VideoScriptPage />, store);
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    reply.resolve(jsonResponse({ success: true, data: { script: 'Too late.' } }));
    await waitFor(() => expect(store.getState().videoScript.loading).toBe(false));
    expect(screen.queryByText('Too late.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate' })).toBeEnabled();
  });

  it('makes a voice-over of the spoken lines only, with the audio and its captions to download', async () => {
    const { blobs } = stubObjectUrls();
    const script = [
      '# Focus',
      '## Hook (0:00-0:03)',
      '- **Voiceover:** Can you focus in five minutes?',
      '- **On-screen text:** FIVE MINUTES',
      '- **B-roll:** A timer on a desk',
      '## Call to action (0:50-1:00)',
      '- **Voiceover:** Try it today.',
      '- **On-screen text:** Subscribe',
      '- **B-roll:** A smile',
    ].join('\n');
    const fetchMock = stubApi({
      [API_PATHS.generateScript]: () => jsonResponse({ success: true, data: { script } }),
      [API_PATHS.textToSpeech]: () =>
        jsonResponse({
          success: true,
          data: {
            audioBase64: btoa('fake wav'),
            format: 'wav',
            mediaType: 'audio/wav',
            durationSeconds: 3,
            engine: 'Kokoro',
            captions: [
              { start: 0, end: 1.8, text: 'Can you focus in five minutes?' },
              { start: 1.8, end: 3, text: 'Try it today.' },
            ],
          },
        }),
    });
    const downloads = captureDownloads();
    renderWithStore(<VideoScriptPage />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByRole('heading', { name: 'Voice-over' });
    // Before any audio is made, the panel says which languages can be read aloud.
    expect(screen.getByTestId('spoken-languages')).toHaveTextContent(
      'Voices speak English, Spanish, French, Hindi, Italian, Japanese, and Portuguese.',
    );
    await user.selectOptions(screen.getByLabelText('Voice'), 'nova');
    await user.selectOptions(screen.getByLabelText('Output Format'), 'WAV');
    await user.click(screen.getByRole('button', { name: 'Make voice-over' }));

    expect(await screen.findByLabelText('Voice-over audio')).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    const [, init] = callsTo(fetchMock, API_PATHS.textToSpeech)[0]!;
    expect(jsonBody<TextToSpeechRequest>(init)).toEqual({
      text: 'Can you focus in five minutes?\n\nTry it today.',
      voice: 'nova',
      speed: 1,
      outputFormat: 'wav',
      captions: true,
    });
    await user.click(screen.getByRole('button', { name: 'Download audio' }));
    await user.click(screen.getByRole('button', { name: 'Captions (WebVTT)' }));
    expect(downloads.map((download) => download.name)).toEqual([
      'voice-over.wav',
      'voice-over.vtt',
    ]);
    expect(await blobText(blobs.get(downloads[1]!.href)!)).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:01.800\nCan you focus in five minutes?\n\n' +
        '00:00:01.800 --> 00:00:03.000\nTry it today.\n',
    );

    // A new script replaces the voice-over made from the old one.
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() =>
      expect(screen.queryByLabelText('Voice-over audio')).not.toBeInTheDocument(),
    );
  });
});
