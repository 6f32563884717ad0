import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  API_PATHS,
  PAGE_TEXTS,
  STORY_AUDIENCES,
  STORY_LANGUAGES,
  STORY_LENGTHS,
  STORY_MESSAGES,
  STORY_THEMES,
  STORY_TONES,
  STORY_TYPES,
  TIMINGS,
  WRITER_MESSAGES,
  WRITER_STREAM_EVENTS,
  type StoryRequest,
  type TextToSpeechRequest,
} from '@ai-tools/contracts';
import { makeStore } from '../../app/store.ts';
import {
  callsTo,
  captureDownloads,
  deferred,
  eventStream,
  FAILURES_WITHOUT_MESSAGE,
  jsonBody,
  jsonResponse,
  READY_HEALTH,
  renderWithStore,
  serverSentEvent,
  stubApi,
  stubObjectUrls,
} from '../../lib/test-helpers.tsx';
import { clearStory, generateStory, retryStory, stopStory } from './story-slice.ts';
import { StoryPage } from './story-page.tsx';

const SELECTS = [
  ['Language', STORY_LANGUAGES[0]],
  ['Story Type', STORY_TYPES[0]],
  ['Audience', STORY_AUDIENCES[0]],
  ['Topic Type', STORY_THEMES[0]],
  ['Tone Type', STORY_TONES[0]],
  ['Story Length', String(STORY_LENGTHS[0])],
] as const;

const REQUEST = {
  language: STORY_LANGUAGES[0],
  storyType: STORY_TYPES[0],
  audience: STORY_AUDIENCES[0],
  tone: STORY_TONES[0],
  topic: STORY_THEMES[1],
  storyLength: STORY_LENGTHS[0],
  additionalInfo: '',
};

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The copy button's tooltip: a live region of its own, beside the progress region. */
function copyTooltip(): HTMLElement {
  const tooltip = screen
    .getAllByRole('status')
    .find((element) => element.parentElement?.classList.contains('tooltip-anchor'));
  if (!tooltip) throw new Error('no copy tooltip');
  return tooltip;
}

describe('story slice', () => {
  it('stores the story, then clear empties it', async () => {
    stubApi({
      [API_PATHS.generateStory]: () => jsonResponse({ success: true, data: { story: 'Once.' } }),
    });
    const store = makeStore();
    const pending = store.dispatch(generateStory(REQUEST));
    expect(store.getState().story).toMatchObject({ loading: true, error: null });
    await pending;
    expect(store.getState().story).toEqual({
      story: 'Once.',
      loading: false,
      error: null,
      language: STORY_LANGUAGES[0],
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
    store.dispatch(clearStory());
    expect(store.getState().story).toEqual({
      story: '',
      loading: false,
      error: null,
      language: null,
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

  it('follows the stream: the place in line, the text as it comes, then the result', async () => {
    const stream = eventStream();
    stubApi({ [API_PATHS.generateStory]: (init) => stream.respond(init) });
    const store = makeStore();
    const pending = store.dispatch(generateStory(REQUEST));
    const state = () => store.getState().story;

    stream.send(
      serverSentEvent(WRITER_STREAM_EVENTS.queue, { ahead: 2, estimatedWaitSeconds: 40 }),
    );
    await vi.waitFor(() => expect(state().queue).toEqual({ ahead: 2, estimatedWaitSeconds: 40 }));
    stream.send(serverSentEvent(WRITER_STREAM_EVENTS.queue, { ahead: 0, estimatedWaitSeconds: 0 }));
    await vi.waitFor(() => expect(state().queue).toBeNull());
    stream.send(serverSentEvent(WRITER_STREAM_EVENTS.text, { text: 'Once upon' }));
    stream.send(serverSentEvent(WRITER_STREAM_EVENTS.text, { text: ' a time' }));
    await vi.waitFor(() => expect(state().partialText).toBe('Once upon a time'));
    expect(state()).toMatchObject({ loading: true, story: '' });

    stream.send(
      serverSentEvent(WRITER_STREAM_EVENTS.result, {
        success: true,
        data: { story: 'Once upon a time.' },
      }),
    );
    await pending;
    expect(state()).toEqual({
      story: 'Once upon a time.',
      loading: false,
      error: null,
      language: STORY_LANGUAGES[0],
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

  it('Stop ends the request, keeps the text written so far, and Generate works again', async () => {
    const stream = eventStream();
    const fetchMock = stubApi({ [API_PATHS.generateStory]: (init) => stream.respond(init) });
    const store = makeStore();
    void store.dispatch(generateStory(REQUEST));
    stream.send(serverSentEvent(WRITER_STREAM_EVENTS.text, { text: 'Once upon' }));
    await vi.waitFor(() => expect(store.getState().story.partialText).toBe('Once upon'));

    store.dispatch(stopStory());
    expect(callsTo(fetchMock, API_PATHS.generateStory)[0]![1]?.signal?.aborted).toBe(true);
    expect(stream.closed).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.getState().story).toEqual({
      story: 'Once upon',
      loading: false,
      error: null,
      language: STORY_LANGUAGES[0],
      partialText: '',
      queue: null,
      estimatedRunSeconds: null,
      step: null,
      textSinceStep: false,
      stopped: true,
      problems: [],
      cutOffAtTimeLimit: false,
      failedPartway: false,
    });

    stubApi({
      [API_PATHS.generateStory]: () => jsonResponse({ success: true, data: { story: 'Anew.' } }),
    });
    await store.dispatch(generateStory(REQUEST));
    expect(store.getState().story).toMatchObject({ story: 'Anew.', stopped: false, error: null });
  });

  it('an error event keeps the text written so far and stores its message', async () => {
    const stream = eventStream();
    stubApi({ [API_PATHS.generateStory]: (init) => stream.respond(init) });
    const store = makeStore();
    const pending = store.dispatch(generateStory(REQUEST));
    stream.send(serverSentEvent(WRITER_STREAM_EVENTS.text, { text: 'Once' }));
    stream.send(
      serverSentEvent(WRITER_STREAM_EVENTS.error, { message: 'Took too long.', status: 503 }),
    );
    await pending;
    expect(store.getState().story).toMatchObject({
      story: 'Once',
      loading: false,
      error: 'Took too long.',
      partialText: '',
      failedPartway: true,
    });
  });

  it('a replace event puts the rewritten text in place of everything shown so far', async () => {
    const stream = eventStream();
    stubApi({ [API_PATHS.generateStory]: (init) => stream.respond(init) });
    const store = makeStore();
    const pending = store.dispatch(generateStory(REQUEST));
    const state = () => store.getState().story;

    stream.send(serverSentEvent(WRITER_STREAM_EVENTS.text, { text: '# The Kite\n\n' }));
    stream.send(serverSentEvent(WRITER_STREAM_EVENTS.text, { text: 'Once upon upon a time.' }));
    await vi.waitFor(() =>
      expect(state().partialText).toBe('# The Kite\n\nOnce upon upon a time.'),
    );
    stream.send(
      serverSentEvent(WRITER_STREAM_EVENTS.text, { text: '# The Kite\n\n', replace: true }),
    );
    await vi.waitFor(() => expect(state().partialText).toBe('# The Kite\n\n'));
    // Without `replace` (or with false) the text is added, as before.
    stream.send(
      serverSentEvent(WRITER_STREAM_EVENTS.text, { text: 'Once upon a time.', replace: false }),
    );
    await vi.waitFor(() => expect(state().partialText).toBe('# The Kite\n\nOnce upon a time.'));

    stream.send(
      serverSentEvent(WRITER_STREAM_EVENTS.result, {
        success: true,
        data: { story: '# The Kite\n\nOnce upon a time.' },
      }),
    );
    await pending;
    expect(state()).toMatchObject({
      story: '# The Kite\n\nOnce upon a time.',
      partialText: '',
      problems: [],
      cutOffAtTimeLimit: false,
    });
  });

  it('stores the problems and the cut-off the answer reports, and a new request starts without them', async () => {
    const problems = ['it leaves out "Pimienta"', 'a line stops mid-sentence ("…the")'];
    stubApi({
      [API_PATHS.generateStory]: () =>
        jsonResponse({
          success: true,
          data: { story: '# Faro\n\nUn gato', problems, cutOffAtTimeLimit: true },
        }),
    });
    const store = makeStore();
    await store.dispatch(generateStory(REQUEST));
    expect(store.getState().story).toMatchObject({
      story: '# Faro\n\nUn gato',
      error: null,
      problems,
      cutOffAtTimeLimit: true,
      failedPartway: false,
      stopped: false,
    });

    const reply = deferred<Response>();
    stubApi({ [API_PATHS.generateStory]: () => reply.promise });
    const pending = store.dispatch(generateStory(REQUEST));
    expect(store.getState().story).toMatchObject({ problems: [], cutOffAtTimeLimit: false });
    reply.resolve(jsonResponse({ success: true, data: { story: '# Faro\n\nUn gato.' } }));
    await pending;
    expect(store.getState().story).toMatchObject({ problems: [], cutOffAtTimeLimit: false });

    store.dispatch(clearStory());
    expect(store.getState().story).toMatchObject({ story: '', problems: [] });
  });

  it('a failure before any text leaves no story, not the previous one', async () => {
    stubApi({
      [API_PATHS.generateStory]: () =>
        jsonResponse({ success: true, data: { story: 'Old.', problems: ['it has no title'] } }),
    });
    const store = makeStore();
    await store.dispatch(generateStory(REQUEST));
    stubApi({ [API_PATHS.generateStory]: () => jsonResponse({ message: 'Busy.' }, 503) });
    await store.dispatch(generateStory(REQUEST));
    expect(store.getState().story).toMatchObject({
      story: '',
      error: 'Busy.',
      problems: [],
      failedPartway: false,
    });
  });

  it('a successful status whose body is not JSON stores "Something went wrong"', async () => {
    stubApi({
      [API_PATHS.generateStory]: () =>
        new Response('<html>Welcome</html>', {
          status: 200,
          headers: { 'content-type': 'text/html' },
        }),
    });
    const store = makeStore();
    await store.dispatch(generateStory(REQUEST));
    expect(store.getState().story).toMatchObject({
      story: '',
      loading: false,
      error: WRITER_MESSAGES.failed,
    });
  });

  it('Retry asks again for the last story; after Clear it does nothing', async () => {
    const fetchMock = stubApi({
      [API_PATHS.generateStory]: () => jsonResponse({ success: true, data: { story: 'Tale.' } }),
    });
    const store = makeStore();
    await store.dispatch(generateStory(REQUEST));
    await store.dispatch(retryStory());
    const calls = callsTo(fetchMock, API_PATHS.generateStory);
    expect(calls).toHaveLength(2);
    expect(jsonBody(calls[1]![1])).toEqual(REQUEST);

    store.dispatch(clearStory());
    await store.dispatch(retryStory());
    expect(callsTo(fetchMock, API_PATHS.generateStory)).toHaveLength(2);
  });

  it('a failure stores the server message', async () => {
    stubApi({ [API_PATHS.generateStory]: () => jsonResponse({ message: 'Busy.' }, 503) });
    const store = makeStore();
    await store.dispatch(generateStory(REQUEST));
    expect(store.getState().story.error).toBe('Busy.');
  });

  it.each(FAILURES_WITHOUT_MESSAGE)('%s stores "Something went wrong"', async (_what, answer) => {
    stubApi({ [API_PATHS.generateStory]: answer });
    const store = makeStore();
    await store.dispatch(generateStory(REQUEST));
    expect(store.getState().story.error).toBe('Something went wrong');
  });
});

describe('Story page', () => {
  it('starts with every dropdown on its first option and lengths shown in words', () => {
    stubApi({});
    renderWithStore(<StoryPage />);
    for (const [label, value] of SELECTS) expect(screen.getByLabelText(label)).toHaveValue(value);
    expect(screen.getByLabelText('Story Length')).toHaveDisplayValue('200 words');
    expect(screen.getByLabelText('Additional Topic Information')).toHaveValue('');
  });

  it('Topic Type fills the additional info until the visitor edits it; Clear restores all of it', async () => {
    stubApi({});
    renderWithStore(<StoryPage />);
    const user = userEvent.setup();
    const topic = screen.getByLabelText('Topic Type');
    const info = screen.getByLabelText('Additional Topic Information');

    await user.selectOptions(topic, STORY_THEMES[3]);
    expect(info).toHaveValue(STORY_THEMES[3]);
    await user.selectOptions(topic, STORY_THEMES[0]);
    expect(info).toHaveValue('');
    await user.selectOptions(topic, STORY_THEMES[5]);
    expect(info).toHaveValue(STORY_THEMES[5]);

    await user.type(info, ' in winter');
    await user.selectOptions(topic, STORY_THEMES[7]);
    expect(info).toHaveValue(`${STORY_THEMES[5]} in winter`);

    await user.selectOptions(screen.getByLabelText('Language'), 'French');
    await user.selectOptions(screen.getByLabelText('Story Length'), '700 words');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    for (const [label, value] of SELECTS) expect(screen.getByLabelText(label)).toHaveValue(value);
    expect(info).toHaveValue('');

    await user.selectOptions(topic, STORY_THEMES[9]);
    expect(info).toHaveValue(STORY_THEMES[9]);
  });

  it('generates with every option, disables Generate while loading, and copies the story', async () => {
    const reply = deferred<Response>();
    const fetchMock = stubApi({ [API_PATHS.generateStory]: () => reply.promise });
    renderWithStore(<StoryPage />);
    const user = userEvent.setup();
    // After setup: user-event installs its own clipboard.
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.selectOptions(screen.getByLabelText('Topic Type'), STORY_THEMES[2]);
    await user.selectOptions(screen.getByLabelText('Story Length'), '500 words');
    await user.click(screen.getByRole('button', { name: 'Generate Story' }));
    expect(screen.getByRole('button', { name: 'Generating...' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByText(/Writing your story/).closest('[role="status"]')).not.toBeNull();
    expect(jsonBody<StoryRequest>(callsTo(fetchMock, API_PATHS.generateStory)[0]![1])).toEqual({
      language: STORY_LANGUAGES[0],
      storyType: STORY_TYPES[0],
      audience: STORY_AUDIENCES[0],
      tone: STORY_TONES[0],
      topic: STORY_THEMES[2],
      storyLength: 500,
      additionalInfo: STORY_THEMES[2],
    });

    reply.resolve(jsonResponse({ success: true, data: { story: 'The two friends met again.' } }));
    expect(
      await screen.findByRole('heading', { name: 'Your Story has been generated' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('The two friends met again.')).toBeInTheDocument();
    expect(screen.getByText('5 words · 1 min read')).toBeInTheDocument();
    // Screen readers hear that the story arrived once: focus moves to its title.
    expect(screen.getByRole('heading', { name: 'Your Story has been generated' })).toHaveFocus();
    expect(screen.queryByText('Your story is ready below.')).not.toBeInTheDocument();
    expect(screen.queryByText(/Writing your story/)).not.toBeInTheDocument();

    vi.useFakeTimers();
    expect(copyTooltip()).toHaveTextContent('Copy to clipboard');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy to clipboard' }));
    });
    expect(writeText).toHaveBeenCalledWith('The two friends met again.');
    expect(copyTooltip()).toHaveTextContent('Copied!');
    act(() => {
      vi.advanceTimersByTime(TIMINGS.noticeMs - 1);
    });
    expect(copyTooltip()).toHaveTextContent('Copied!');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(copyTooltip()).toHaveTextContent('Copy to clipboard');
  });

  it('Clear stops a story requested before the visitor left the page and came back', async () => {
    const reply = deferred<Response>();
    stubApi({ [API_PATHS.generateStory]: () => reply.promise });
    const store = renderWithStore(<StoryPage />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Generate Story' }));
    cleanup();

    renderWithStore(<StoryPage />, store);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await act(async () => {
      reply.resolve(jsonResponse({ success: true, data: { story: 'Too late.' } }));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(store.getState().story).toEqual({
      story: '',
      loading: false,
      error: null,
      language: null,
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
    expect(screen.queryByText('Too late.')).not.toBeInTheDocument();
  });

  it('a copy failure is only logged', async () => {
    stubApi({
      [API_PATHS.generateStory]: () => jsonResponse({ success: true, data: { story: 'Tale.' } }),
    });
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
      configurable: true,
    });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithStore(<StoryPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Generate Story' }));
    await screen.findByText('Tale.');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy to clipboard' }));
    });
    expect(log).toHaveBeenCalled();
    expect(screen.queryByText('Copied!')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('Listen reads the finished story aloud and offers story-audio with its captions', async () => {
    stubObjectUrls();
    const story = 'Había una vez un faro.\n\nEl farero cantaba cada noche.';
    const fetchMock = stubApi({
      [API_PATHS.generateStory]: () => jsonResponse({ success: true, data: { story } }),
      [API_PATHS.textToSpeech]: () =>
        jsonResponse({
          success: true,
          data: {
            audioBase64: btoa('fake mp3'),
            format: 'mp3',
            mediaType: 'audio/mpeg',
            durationSeconds: 4,
            engine: 'Kokoro',
            captions: [{ start: 0, end: 4, text: 'Había una vez un faro.' }],
          },
        }),
    });
    const downloads = captureDownloads();
    renderWithStore(<StoryPage />);
    const user = userEvent.setup();
    expect(screen.queryByRole('button', { name: 'Listen' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generate Story' }));
    await user.click(await screen.findByRole('button', { name: 'Listen' }));
    await screen.findByLabelText('Listen audio');
    const [, init] = callsTo(fetchMock, API_PATHS.textToSpeech)[0]!;
    expect(jsonBody<TextToSpeechRequest>(init)).toMatchObject({ text: story, captions: true });
    await user.click(screen.getByRole('button', { name: 'Download audio' }));
    await user.click(screen.getByRole('button', { name: 'Captions (SRT)' }));
    expect(downloads.map((download) => download.name)).toEqual([
      'story-audio.mp3',
      'story-audio.srt',
    ]);
  });

  it('says before the visitor generates when the text engine writes the chosen language poorly', async () => {
    const store = makeStore({
      engines: {
        engines: {
          ...READY_HEALTH.engines,
          text: { ...READY_HEALTH.engines.text, weakLanguages: ['Tamil', 'Hindi'] },
        },
        loading: false,
        loaded: true,
        error: null,
      },
    });
    renderWithStore(<StoryPage />, store);
    const user = userEvent.setup();
    expect(screen.queryByTestId('weak-language')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Language'), 'Tamil');
    expect(screen.getByTestId('weak-language')).toHaveTextContent(
      STORY_MESSAGES.weakLanguage('Tamil'),
    );
    await user.selectOptions(screen.getByLabelText('Language'), 'Spanish');
    expect(screen.queryByTestId('weak-language')).toBeNull();
  });

  it('says nothing of a language when the engine names none it writes poorly', async () => {
    renderWithStore(<StoryPage />);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Language'), 'Tamil');
    expect(screen.queryByTestId('weak-language')).toBeNull();
  });

  it("the Listen panel lists the voices' languages and says beforehand when they do not speak the story's", async () => {
    let story = '# 등대\n\n옛날에 등대가 있었습니다.';
    stubApi({
      [API_PATHS.generateStory]: () => jsonResponse({ success: true, data: { story } }),
    });
    renderWithStore(<StoryPage />);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Language'), 'Korean');
    await user.click(screen.getByRole('button', { name: 'Generate Story' }));
    const listen = await screen.findByRole('button', { name: 'Listen' });
    const korean =
      'This text is in Korean, which our voices do not speak: it cannot be read aloud.';
    const languages = screen.getByTestId('spoken-languages');
    expect(languages).toHaveTextContent(korean);
    expect(languages).toHaveTextContent(
      'Voices speak English, Spanish, French, Hindi, Italian, Japanese, and Portuguese.',
    );
    expect(listen).toHaveAccessibleDescription(new RegExp(korean.replace(/[.:]/g, '\\$&')));
    // The note is of the story's language, not of the select changed since.
    await user.selectOptions(screen.getByLabelText('Language'), 'English');
    expect(screen.getByTestId('spoken-languages')).toHaveTextContent(korean);

    story = '# Der Leuchtturm\n\nEs war einmal ein Leuchtturm.';
    await user.selectOptions(screen.getByLabelText('Language'), 'German');
    await user.click(screen.getByRole('button', { name: 'Generate Story' }));
    await screen.findByText('Es war einmal ein Leuchtturm.');
    expect(screen.getByTestId('spoken-languages')).toHaveTextContent(
      'This text is in German: the natural voices do not speak it, so the basic, robotic voice reads it.',
    );

    // A language the natural voices speak: only the list, and nothing to warn of.
    story = '# The lighthouse\n\nOnce there was a lighthouse.';
    await user.selectOptions(screen.getByLabelText('Language'), 'English');
    await user.click(screen.getByRole('button', { name: 'Generate Story' }));
    await screen.findByText('Once there was a lighthouse.');
    expect(screen.getByTestId('spoken-languages')).toHaveTextContent(
      /^Voices speak English, .* A basic, robotic voice reads German, .*\.$/,
    );
    expect(screen.getByRole('button', { name: 'Listen' })).not.toHaveAttribute('aria-describedby');
  });

  it('shows a story written without spaces as it comes, a character at a time (issue 22)', async () => {
    const stream = eventStream();
    stubApi({ [API_PATHS.generateStory]: (init) => stream.respond(init) });
    renderWithStore(<StoryPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Generate Story' }));
    stream.send(serverSentEvent(WRITER_STREAM_EVENTS.queue, { ahead: 0, estimatedWaitSeconds: 0 }));
    stream.send(serverSentEvent(WRITER_STREAM_EVENTS.text, { text: '# ミケの冒険\n\n' }));
    const shown = () => document.querySelector('.markdown-view')?.textContent ?? '';
    for (const piece of ['ミ', 'ケ', 'は', '小', 'さ', 'な', '猫']) {
      stream.send(serverSentEvent(WRITER_STREAM_EVENTS.text, { text: piece }));
      await waitFor(() => expect(shown()).toMatch(new RegExp(`${piece}$`)));
    }
    expect(shown()).toContain('ミケは小さな猫');
  });

  it('shows the story as it is written, the place in line while waiting, and Stop', async () => {
    const stream = eventStream();
    stubApi({ [API_PATHS.generateStory]: (init) => stream.respond(init) });
    renderWithStore(<StoryPage />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Generate Story' }));

    stream.send(
      serverSentEvent(WRITER_STREAM_EVENTS.queue, { ahead: 2, estimatedWaitSeconds: 40 }),
    );
    // Waiting is one state with one message: no clock, no estimate of the writing yet.
    const progress = (await screen.findByText('Waiting in line: 2 ahead, about 40 s')).closest(
      '[role="status"]',
    );
    expect(progress).toHaveTextContent(/^Waiting in line: 2 ahead, about 40 s$/);
    stream.send(
      serverSentEvent(WRITER_STREAM_EVENTS.queue, { ahead: 1, estimatedWaitSeconds: 20 }),
    );
    await waitFor(() =>
      expect(progress).toHaveTextContent(/^Waiting in line: 1 ahead, about 20 s$/),
    );

    // Its turn: the writing is timed from now, with the server's measured estimate.
    stream.send(
      serverSentEvent(WRITER_STREAM_EVENTS.queue, {
        ahead: 0,
        estimatedWaitSeconds: 0,
        estimatedRunSeconds: 95,
      }),
    );
    await waitFor(() => expect(progress).toHaveTextContent('Writing your story…'));
    expect(progress).toHaveTextContent(/\d s so far · usually about 1 min 35 s/);
    // The plan is not shown: the page says what the writer does meanwhile.
    stream.send(serverSentEvent(WRITER_STREAM_EVENTS.step, { step: 'planning' }));
    const stepLine = await screen.findByText(WRITER_MESSAGES.planning);
    expect(stepLine).toHaveAttribute('role', 'status');

    // A part's first words take a while (the model reads its instructions): it says so meanwhile.
    stream.send(serverSentEvent(WRITER_STREAM_EVENTS.step, { step: 'writing' }));
    await waitFor(() => expect(stepLine).toHaveTextContent(WRITER_MESSAGES.startingPart));
    stream.send(serverSentEvent(WRITER_STREAM_EVENTS.text, { text: '# The Kite\n\nOnce' }));
    // Markdown is rendered as it grows; the page's own headings come first, so # is an h3.
    expect(await screen.findByRole('heading', { name: 'The Kite', level: 3 })).toBeInTheDocument();
    expect(stepLine).toBeEmptyDOMElement();
    expect(progress).not.toHaveTextContent('Waiting in line');
    stream.send(serverSentEvent(WRITER_STREAM_EVENTS.text, { text: ' upon a time' }));
    expect(await screen.findByText('Once upon a time')).toBeInTheDocument();
    // The region holds its announcement until the writing ends; the copy waits for the end too.
    expect(screen.getByText('Once upon a time').closest('[aria-busy]')).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Copy to clipboard' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Generating...' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    await user.click(screen.getByRole('button', { name: WRITER_MESSAGES.stop }));
    expect(stream.closed).toBe(true);
    expect(await screen.findByText(WRITER_MESSAGES.stopped)).toHaveAttribute('role', 'status');
    expect(screen.getByText('Once upon a time')).toBeInTheDocument();
    expect(screen.getByText('Once upon a time').closest('[aria-busy]')).toHaveAttribute(
      'aria-busy',
      'false',
    );
    expect(screen.queryByRole('button', { name: WRITER_MESSAGES.stop })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Story' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Copy to clipboard' })).toBeEnabled();
    expect(screen.queryByText('Your story is ready below.')).not.toBeInTheDocument();
    // The stub is labelled for what it is, and its copy says so. The Stop button went away with
    // the writing: focus went to the result's title, never to the page's body.
    expect(
      screen.getByRole('heading', { level: 2, name: WRITER_MESSAGES.stoppedPartialDraft }),
    ).toHaveFocus();
    expect(
      screen.queryByRole('heading', { name: 'Your Story has been generated' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy to clipboard' })).toHaveAccessibleDescription(
      WRITER_MESSAGES.partialDraftNote,
    );
  });

  it('a whole story that passed its check: the success title, and its # title as a heading', async () => {
    stubApi({
      [API_PATHS.generateStory]: () =>
        jsonResponse({
          success: true,
          data: { story: '# The Lighthouse Cat\n\nPimienta purred.' },
        }),
    });
    renderWithStore(<StoryPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Generate Story' }));
    expect(
      await screen.findByRole('heading', { level: 3, name: 'The Lighthouse Cat' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Your Story has been generated' }),
    ).toHaveFocus();
    expect(screen.queryByText('Your story is ready below.')).not.toBeInTheDocument();
    expect(screen.queryByText(WRITER_MESSAGES.partialDraftNote)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: WRITER_MESSAGES.retry })).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Copy to clipboard' }),
    ).not.toHaveAccessibleDescription(WRITER_MESSAGES.partialDraftNote);
  });

  it('a story with problems says what they are, never that it was generated, and Retry writes it again', async () => {
    const problems = ['it leaves out "Pimienta"', 'it says "The lamp glowed." twice'];
    const fetchMock = stubApi({
      [API_PATHS.generateStory]: () =>
        jsonResponse({ success: true, data: { story: '# Faro\n\nThe lamp glowed.', problems } }),
    });
    renderWithStore(<StoryPage />);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Topic Type'), STORY_THEMES[2]);
    await user.click(screen.getByRole('button', { name: 'Generate Story' }));

    expect(
      await screen.findByRole('heading', { level: 2, name: WRITER_MESSAGES.draftWithProblems }),
    ).toBeInTheDocument();
    expect(screen.getByText(WRITER_MESSAGES.draftHasProblems(problems))).toHaveAttribute(
      'role',
      'alert',
    );
    expect(
      screen.queryByRole('heading', { name: 'Your Story has been generated' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByText('Your story is ready below.')).not.toBeInTheDocument();
    // A whole text with problems is not a partial draft.
    expect(screen.queryByText(WRITER_MESSAGES.partialDraftNote)).not.toBeInTheDocument();

    // The visitor changes a dropdown: Retry still asks for the story that had problems.
    await user.selectOptions(screen.getByLabelText('Tone Type'), STORY_TONES[1]);
    const retried = stubApi({
      [API_PATHS.generateStory]: () =>
        jsonResponse({ success: true, data: { story: '# Faro\n\nPimienta purred.' } }),
    });
    await user.click(screen.getByRole('button', { name: WRITER_MESSAGES.retry }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Your Story has been generated' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: WRITER_MESSAGES.retry })).not.toBeInTheDocument();
    expect(screen.queryByText(/This draft has problems/)).not.toBeInTheDocument();
    const first = jsonBody<StoryRequest>(callsTo(fetchMock, API_PATHS.generateStory)[0]![1]);
    expect(first).toMatchObject({ topic: STORY_THEMES[2], tone: STORY_TONES[0] });
    expect(jsonBody(callsTo(retried, API_PATHS.generateStory)[0]![1])).toEqual(first);
  });

  it('a story cut off at the time limit is labelled so, and its copy and Listen say it is partial', async () => {
    stubApi({
      [API_PATHS.generateStory]: () =>
        jsonResponse({
          success: true,
          data: { story: '# Faro\n\nThe lamp glowed and', cutOffAtTimeLimit: true },
        }),
    });
    renderWithStore(<StoryPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Generate Story' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: WRITER_MESSAGES.cutOffAtTimeLimit }),
    ).toBeInTheDocument();
    expect(screen.getByText(WRITER_MESSAGES.partialDraftNote)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy to clipboard' })).toHaveAccessibleDescription(
      WRITER_MESSAGES.partialDraftNote,
    );
    expect(screen.getByRole('button', { name: 'Listen' })).toHaveAccessibleDescription(
      new RegExp(WRITER_MESSAGES.partialDraftNote.replace(/[.:]/g, '\\$&')),
    );
    expect(screen.queryByText('Your story is ready below.')).not.toBeInTheDocument();
  });

  it('a story that failed partway keeps its text as a partial draft beside the error', async () => {
    const stream = eventStream();
    stubApi({ [API_PATHS.generateStory]: (init) => stream.respond(init) });
    renderWithStore(<StoryPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Generate Story' }));
    stream.send(serverSentEvent(WRITER_STREAM_EVENTS.text, { text: 'Once upon' }));
    await screen.findByText('Once upon');
    stream.send(
      serverSentEvent(WRITER_STREAM_EVENTS.error, { message: 'Took too long.', status: 503 }),
    );
    expect(
      await screen.findByRole('heading', { level: 2, name: WRITER_MESSAGES.partialDraft }),
    ).toBeInTheDocument();
    expect(screen.getByText('Once upon')).toBeInTheDocument();
    expect(screen.getByText(WRITER_MESSAGES.partialDraftNote)).toBeInTheDocument();
    expect(screen.getByText('Took too long.')).toHaveAttribute('role', 'alert');
  });

  it('the final result replaces the streamed text and says it is ready to a visitor busy elsewhere', async () => {
    const stream = eventStream();
    stubApi({ [API_PATHS.generateStory]: (init) => stream.respond(init) });
    renderWithStore(<StoryPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Generate Story' }));
    stream.send(serverSentEvent(WRITER_STREAM_EVENTS.text, { text: 'The end' }));
    expect(await screen.findByText('The end')).toBeInTheDocument();
    // The visitor writes their next idea meanwhile: focus stays with them.
    const idea = screen.getByLabelText('Additional Topic Information');
    idea.focus();
    stream.send(
      serverSentEvent(WRITER_STREAM_EVENTS.result, { success: true, data: { story: 'The end.' } }),
    );
    expect(await screen.findByText('The end.')).toBeInTheDocument();
    expect(idea).toHaveFocus();
    expect(screen.getByText('Your story is ready below.')).toHaveClass('visually-hidden');
    expect(screen.getByRole('button', { name: 'Copy to clipboard' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: WRITER_MESSAGES.stop })).not.toBeInTheDocument();
  });

  it('shows errors in red below', async () => {
    stubApi({
      [API_PATHS.generateStory]: () => jsonResponse({ message: 'The server is busy.' }, 503),
    });
    renderWithStore(<StoryPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Generate Story' }));
    const error = await screen.findByText('The server is busy.');
    expect(error).toHaveAttribute('role', 'alert');
    expect(error).toHaveClass('form-error');
  });

  it.each(FAILURES_WITHOUT_MESSAGE)(
    '%s shows "Something went wrong" and what to do next, never the status code',
    async (_what, answer) => {
      stubApi({ [API_PATHS.generateStory]: answer });
      renderWithStore(<StoryPage />);
      await userEvent.click(screen.getByRole('button', { name: 'Generate Story' }));
      const alert = screen.getByRole('alert');
      await waitFor(() => expect(alert).not.toBeEmptyDOMElement());
      expect(alert.textContent).toBe(`Something went wrong ${PAGE_TEXTS.genericErrorHint}`);
    },
  );
});
