import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  API_PATHS,
  PAGE_TEXTS,
  TIMINGS,
  WRITER_MESSAGES,
  WRITER_STREAM_EVENTS,
  type BlogRequest,
  BLOG_MESSAGES,
} from '@ai-tools/contracts';
import { makeStore } from '../../app/store.ts';
import {
  callsTo,
  eventStream,
  FAILURES_WITHOUT_MESSAGE,
  jsonBody,
  jsonResponse,
  renderWithStore,
  serverSentEvent,
  stubApi,
} from '../../lib/test-helpers.tsx';
import { clearBlog, generateBlog } from './blog-slice.ts';
import { BlogPage } from './blog-page.tsx';

const BLOG = '# Boost your productivity\n\n## Start small\n\n- One task at a time';

function stubClipboard(writeText = vi.fn(async () => {})) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('blog slice', () => {
  it('success stores the content and the message', async () => {
    stubApi({
      [API_PATHS.generateBlog]: () => jsonResponse({ success: true, data: { content: BLOG } }),
    });
    const store = makeStore();
    const pending = store.dispatch(generateBlog({ topic: 'AI' }));
    expect(store.getState().blog).toMatchObject({ loading: true, error: null });
    await pending;
    expect(store.getState().blog).toEqual({
      loading: false,
      blogContent: BLOG,
      error: null,
      message: BLOG_MESSAGES.generated,
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
    store.dispatch(clearBlog());
    expect(store.getState().blog).toEqual({
      loading: false,
      blogContent: '',
      error: null,
      message: null,
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

  it.each([
    ['problems', { problems: ['the heading "Conclusion" appears twice'] }],
    ['a cut-off', { cutOffAtTimeLimit: true }],
  ])('a post with %s is stored without the success message', async (_what, report) => {
    stubApi({
      [API_PATHS.generateBlog]: () =>
        jsonResponse({ success: true, data: { content: BLOG, ...report } }),
    });
    const store = makeStore();
    await store.dispatch(generateBlog({ topic: 'AI' }));
    expect(store.getState().blog).toEqual({
      loading: false,
      blogContent: BLOG,
      error: null,
      message: null,
      partialText: '',
      queue: null,
      estimatedRunSeconds: null,
      step: null,
      textSinceStep: false,
      stopped: false,
      problems: [],
      cutOffAtTimeLimit: false,
      failedPartway: false,
      ...report,
    });
  });

  it('a replace event puts the rewritten post in place of everything shown so far', async () => {
    const stream = eventStream();
    stubApi({ [API_PATHS.generateBlog]: (init) => stream.respond(init) });
    const store = makeStore();
    void store.dispatch(generateBlog({ topic: 'AI' }));
    stream.send(serverSentEvent(WRITER_STREAM_EVENTS.text, { text: '# Title\n\n' }));
    stream.send(serverSentEvent(WRITER_STREAM_EVENTS.text, { text: '{Created Question}' }));
    await vi.waitFor(() =>
      expect(store.getState().blog.partialText).toBe('# Title\n\n{Created Question}'),
    );
    stream.send(serverSentEvent(WRITER_STREAM_EVENTS.text, { text: '# Title\n\n', replace: true }));
    stream.send(serverSentEvent(WRITER_STREAM_EVENTS.text, { text: '## Start small' }));
    await vi.waitFor(() =>
      expect(store.getState().blog.partialText).toBe('# Title\n\n## Start small'),
    );
  });

  it('an unsuccessful reply uses its message, else "Failed to generate blog"', async () => {
    stubApi({
      [API_PATHS.generateBlog]: () => jsonResponse({ success: false, message: 'No model.' }),
    });
    const store = makeStore();
    await store.dispatch(generateBlog({ topic: 'AI' }));
    expect(store.getState().blog.error).toBe('No model.');

    stubApi({ [API_PATHS.generateBlog]: () => jsonResponse({ success: false }) });
    await store.dispatch(generateBlog({ topic: 'AI' }));
    expect(store.getState().blog.error).toBe(BLOG_MESSAGES.failed);
  });

  it('a failed call uses the server message', async () => {
    stubApi({
      [API_PATHS.generateBlog]: () => jsonResponse({ message: 'topic is required.' }, 400),
    });
    const store = makeStore();
    await store.dispatch(generateBlog({ topic: 'AI' }));
    expect(store.getState().blog.error).toBe('topic is required.');
  });

  it.each(FAILURES_WITHOUT_MESSAGE)('%s stores "Server Error"', async (_what, answer) => {
    stubApi({ [API_PATHS.generateBlog]: answer });
    const store = makeStore();
    await store.dispatch(generateBlog({ topic: 'AI' }));
    expect(store.getState().blog.error).toBe('Server Error');
  });
});

describe('Blog page', () => {
  it('has the heading, the topic input with its placeholder and hint', () => {
    stubApi({});
    renderWithStore(<BlogPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Write Stunning Blogs Instantly Using AI',
    );
    const topic = screen.getByLabelText('Topic');
    expect(topic).toHaveAttribute('placeholder', 'Enter your blog topic');
    expect(topic).toHaveAccessibleDescription(/boost your productivity with AI/i);
  });

  it('Generate does nothing when the topic is blank after trimming', async () => {
    const fetchMock = stubApi({});
    renderWithStore(<BlogPage />);
    await userEvent.type(screen.getByLabelText('Topic'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(callsTo(fetchMock, API_PATHS.generateBlog)).toHaveLength(0);
  });

  it('generates, renders markdown, copies with "Copied!" in green for 2 s, and Clear resets it all', async () => {
    const fetchMock = stubApi({
      [API_PATHS.generateBlog]: () => jsonResponse({ success: true, data: { content: BLOG } }),
    });
    const writeText = stubClipboard();
    renderWithStore(<BlogPage />);
    fireEvent.change(screen.getByLabelText('Topic'), { target: { value: '  AI at work ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));

    expect(
      await screen.findByRole('heading', { name: 'Your Blog has been generated' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 4, name: 'Start small' }),
    ).toBeInTheDocument();
    expect(screen.getByText(BLOG_MESSAGES.generated)).toBeInTheDocument();
    expect(jsonBody<BlogRequest>(callsTo(fetchMock, API_PATHS.generateBlog)[0]![1])).toEqual({
      topic: 'AI at work',
    });

    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy to clipboard' }));
    });
    // Without ClipboardItem the plain words go, without markdown's marks.
    expect(writeText).toHaveBeenCalledWith(
      'Boost your productivity\n\nStart small\n\n• One task at a time',
    );
    const copied = screen.getByRole('button', { name: 'Copied!' });
    expect(copied).toHaveClass('icon-button--done');
    act(() => {
      vi.advanceTimersByTime(TIMINGS.noticeMs);
    });
    expect(screen.getByRole('button', { name: 'Copy to clipboard' })).not.toHaveClass(
      'icon-button--done',
    );

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy to clipboard' }));
    });
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByLabelText('Topic')).toHaveValue('');
    expect(screen.queryByText('Your Blog has been generated')).not.toBeInTheDocument();
    expect(screen.queryByText(BLOG_MESSAGES.generated)).not.toBeInTheDocument();
  });

  it('sends the keywords as a list, main one first, and Clear empties them', async () => {
    const fetchMock = stubApi({
      [API_PATHS.generateBlog]: () => jsonResponse({ success: true, data: { content: BLOG } }),
    });
    renderWithStore(<BlogPage />);
    const keywords = screen.getByLabelText('Keywords');
    expect(keywords).toHaveAccessibleDescription(
      new RegExp(BLOG_MESSAGES.keywordsHint.slice(0, 30)),
    );
    fireEvent.change(screen.getByLabelText('Topic'), { target: { value: 'Focus at work' } });
    fireEvent.change(keywords, {
      target: { value: ' deep work, time blocking,, deep work ,focus' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));

    expect(await screen.findByText(BLOG_MESSAGES.generated)).toBeInTheDocument();
    expect(jsonBody<BlogRequest>(callsTo(fetchMock, API_PATHS.generateBlog)[0]![1])).toEqual({
      topic: 'Focus at work',
      keywords: ['deep work', 'time blocking', 'focus'],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(keywords).toHaveValue('');
  });

  it('more keywords than a post takes are refused on the page, and nothing is sent', async () => {
    const fetchMock = stubApi({});
    renderWithStore(<BlogPage />);
    fireEvent.change(screen.getByLabelText('Topic'), { target: { value: 'Focus at work' } });
    const keywords = screen.getByLabelText('Keywords');
    fireEvent.change(keywords, { target: { value: 'one, two, three, four, five, six' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));

    expect(screen.getByText(BLOG_MESSAGES.keywordsInvalid)).toHaveAttribute('role', 'alert');
    expect(keywords).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, API_PATHS.generateBlog)).toHaveLength(0);
    // Editing the field takes the message away.
    fireEvent.change(keywords, { target: { value: 'one, two' } });
    expect(screen.queryByText(BLOG_MESSAGES.keywordsInvalid)).not.toBeInTheDocument();
  });

  it('streams the post, then shows the success message and allows copying once the result is in', async () => {
    const stream = eventStream();
    stubApi({ [API_PATHS.generateBlog]: (init) => stream.respond(init) });
    renderWithStore(<BlogPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Topic'), 'Productivity');
    await user.click(screen.getByRole('button', { name: 'Generate' }));

    stream.send(
      serverSentEvent(WRITER_STREAM_EVENTS.text, { text: '# Boost your productivity\n\n' }),
    );
    expect(
      await screen.findByRole('heading', { name: 'Boost your productivity', level: 3 }),
    ).toBeInTheDocument();
    expect(screen.queryByText(BLOG_MESSAGES.generated)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy to clipboard' })).toBeDisabled();
    expect(screen.getByRole('button', { name: WRITER_MESSAGES.stop })).toBeInTheDocument();

    stream.send(
      serverSentEvent(WRITER_STREAM_EVENTS.result, {
        success: true,
        data: { content: BLOG },
        message: 'Blog generated',
      }),
    );
    expect(await screen.findByText(BLOG_MESSAGES.generated)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Start small', level: 4 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy to clipboard' })).toBeEnabled();
  });

  it('Stop keeps the post written so far, without the success message', async () => {
    const stream = eventStream();
    stubApi({ [API_PATHS.generateBlog]: (init) => stream.respond(init) });
    renderWithStore(<BlogPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Topic'), 'Productivity');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    stream.send(serverSentEvent(WRITER_STREAM_EVENTS.text, { text: 'Half a post' }));
    await screen.findByText('Half a post');

    await user.click(screen.getByRole('button', { name: WRITER_MESSAGES.stop }));
    expect(stream.closed).toBe(true);
    expect(await screen.findByText(WRITER_MESSAGES.stopped)).toBeInTheDocument();
    expect(screen.getByText('Half a post')).toBeInTheDocument();
    expect(screen.queryByText(BLOG_MESSAGES.generated)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate' })).toBeEnabled();
    expect(
      screen.getByRole('heading', { level: 2, name: WRITER_MESSAGES.stoppedPartialDraft }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'Your Blog has been generated' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy to clipboard' })).toHaveAccessibleDescription(
      WRITER_MESSAGES.partialDraftNote,
    );
  });

  it('a post with problems names them instead of the success message, and Retry asks again', async () => {
    const problems = ['it contains the placeholder "{Created Answer}"'];
    const fetchMock = stubApi({
      [API_PATHS.generateBlog]: () =>
        jsonResponse({ success: true, data: { content: BLOG, problems } }),
    });
    renderWithStore(<BlogPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Topic'), 'Productivity');
    await user.click(screen.getByRole('button', { name: 'Generate' }));

    expect(
      await screen.findByRole('heading', { level: 2, name: WRITER_MESSAGES.draftWithProblems }),
    ).toBeInTheDocument();
    expect(screen.getByText(WRITER_MESSAGES.draftHasProblems(problems))).toHaveAttribute(
      'role',
      'alert',
    );
    expect(screen.queryByText(BLOG_MESSAGES.generated)).not.toBeInTheDocument();
    expect(screen.queryByText('Your blog post is ready below.')).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText('Topic'));
    await user.click(screen.getByRole('button', { name: WRITER_MESSAGES.retry }));
    expect(await screen.findByText(WRITER_MESSAGES.draftHasProblems(problems))).toBeInTheDocument();
    const calls = callsTo(fetchMock, API_PATHS.generateBlog);
    expect(calls).toHaveLength(2);
    expect(jsonBody<BlogRequest>(calls[1]![1])).toEqual({ topic: 'Productivity' });
  });

  it('a post cut off at the time limit is labelled so, and its copy and Listen say it is partial', async () => {
    stubApi({
      [API_PATHS.generateBlog]: () =>
        jsonResponse({ success: true, data: { content: BLOG, cutOffAtTimeLimit: true } }),
    });
    renderWithStore(<BlogPage />);
    await userEvent.type(screen.getByLabelText('Topic'), 'Productivity');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: WRITER_MESSAGES.cutOffAtTimeLimit }),
    ).toBeInTheDocument();
    expect(screen.queryByText(BLOG_MESSAGES.generated)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy to clipboard' })).toHaveAccessibleDescription(
      WRITER_MESSAGES.partialDraftNote,
    );
    expect(screen.getByRole('button', { name: 'Listen' }).getAttribute('aria-describedby')).toBe(
      'blog-listen-description',
    );
    expect(document.getElementById('blog-listen-description')).toHaveTextContent(
      WRITER_MESSAGES.partialDraftNote,
    );
  });

  it('shows an unsuccessful reply in the error line', async () => {
    stubApi({ [API_PATHS.generateBlog]: () => jsonResponse({ success: false }) });
    renderWithStore(<BlogPage />);
    await userEvent.type(screen.getByLabelText('Topic'), 'AI');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(BLOG_MESSAGES.failed);
  });

  it.each(FAILURES_WITHOUT_MESSAGE)(
    '%s shows "Server Error" and what to do next, never the status code',
    async (_what, answer) => {
      stubApi({ [API_PATHS.generateBlog]: answer });
      renderWithStore(<BlogPage />);
      await userEvent.type(screen.getByLabelText('Topic'), 'AI');
      await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
      const alert = screen.getByRole('alert');
      await waitFor(() => expect(alert).not.toBeEmptyDOMElement());
      expect(alert.textContent).toBe(`Server Error ${PAGE_TEXTS.genericErrorHint}`);
    },
  );

  it('raw HTML in a generated blog is shown as text', async () => {
    stubApi({
      [API_PATHS.generateBlog]: () =>
        jsonResponse({
          success: true,
          data: { content: 'Hi <img src=x onerror="alert(1)"> there' },
        }),
    });
    renderWithStore(<BlogPage />);
    await userEvent.type(screen.getByLabelText('Topic'), 'AI');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText(/<img src=x onerror="alert\(1\)">/)).toBeInTheDocument();
    expect(document.querySelector('.markdown-view img')).toBeNull();
  });

  it('disables Generate and says how to enable the writers when no text model is ready', async () => {
    stubApi({
      [API_PATHS.health]: () =>
        jsonResponse({
          status: 'ok',
          engines: {
            speech: { engine: 'festival', tier: 'classic', ready: true },
            transcription: { engine: 'pocketsphinx', tier: 'classic', ready: true },
            text: { engine: 'none', tier: 'none', ready: false, detail: 'Run `npm run models`.' },
          },
        }),
    });
    renderWithStore(<BlogPage />, makeStore());
    expect(await screen.findByText('npm run models', { selector: 'code' })).toBeInTheDocument();
    expect(screen.getByText('This tool is not available on this server yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();
  });
});
