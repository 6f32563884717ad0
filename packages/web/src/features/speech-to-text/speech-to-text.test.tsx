import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  API_PATHS,
  ENGINE_TEXTS,
  LIMITS,
  TIMINGS,
  SPEECH_TO_TEXT_MESSAGES,
} from '@ai-tools/contracts';
import { makeStore } from '../../app/store.ts';
import {
  blobText,
  callsTo,
  captureDownloads,
  deferred,
  jsonResponse,
  READY_HEALTH,
  renderWithStore,
  stubApi,
  stubObjectUrls,
} from '../../lib/test-helpers.tsx';
import { readAudioDuration } from '../../lib/audio-duration.ts';
import { MemoryRouter, useLocation } from 'react-router';
import type { TranscriptionJob } from '@ai-tools/contracts';
import { resetSpeech, transcribeAudio } from './speech-slice.ts';
import { SpeechToTextPage } from './speech-to-text-page.tsx';

// jsdom cannot decode audio; each test says what duration the browser would read.
vi.mock('../../lib/audio-duration.ts', () => ({ readAudioDuration: vi.fn(async () => undefined) }));

const TRANSCRIPT_REPLY = {
  success: true,
  data: {
    transcript: 'Hello world.',
    segments: [{ start: 0, end: 1.2, text: 'Hello world.' }],
  },
};

function audioFile(name = 'talk.wav', type = 'audio/wav') {
  return new File(['RIFF....WAVE'], name, { type });
}

function dropFiles(target: Element, files: File[]) {
  fireEvent.drop(target, { dataTransfer: { files, types: ['Files'] } });
}

/** Where the page has put the visitor: the address holds a long recording's job. */
let currentSearch = '';
function AddressProbe() {
  currentSearch = useLocation().search;
  return null;
}

/** The page inside a router, as the site renders it: it keeps a job's id in the address. */
function renderPage(store?: ReturnType<typeof makeStore>, address = '/speech-to-text') {
  return renderWithStore(
    <MemoryRouter initialEntries={[address]}>
      <SpeechToTextPage />
      <AddressProbe />
    </MemoryRouter>,
    store,
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('speech slice', () => {
  it('stores the transcript, or an empty string when it is missing', async () => {
    stubApi({ [API_PATHS.speechToText]: () => jsonResponse(TRANSCRIPT_REPLY) });
    const store = makeStore();
    const pending = store.dispatch(
      transcribeAudio({ file: audioFile(), language: '', task: 'transcribe' }),
    );
    expect(store.getState().speech).toMatchObject({ loading: true, error: null });
    await pending;
    expect(store.getState().speech).toMatchObject({ text: 'Hello world.', loading: false });

    stubApi({ [API_PATHS.speechToText]: () => jsonResponse({ success: true }) });
    await store.dispatch(transcribeAudio({ file: audioFile(), language: '', task: 'transcribe' }));
    expect(store.getState().speech.text).toBe('');
  });

  it('sends the file in the multipart field "file"', async () => {
    const fetchMock = stubApi({ [API_PATHS.speechToText]: () => jsonResponse(TRANSCRIPT_REPLY) });
    await makeStore().dispatch(
      transcribeAudio({ file: audioFile('memo.wav'), language: '', task: 'transcribe' }),
    );
    const [, init] = callsTo(fetchMock, API_PATHS.speechToText)[0]!;
    // docs/product.md section 7 names the field; a literal, so a renamed constant cannot pass
    // unnoticed.
    expect(((init?.body as FormData).get('file') as File).name).toBe('memo.wav');
  });

  it('a failure stores the server message', async () => {
    stubApi({
      [API_PATHS.speechToText]: () => jsonResponse({ message: 'The audio is too long.' }, 400),
    });
    const store = makeStore();
    await store.dispatch(transcribeAudio({ file: audioFile(), language: '', task: 'transcribe' }));
    expect(store.getState().speech.error).toBe('The audio is too long.');
  });

  it('reset clears the text and error', async () => {
    stubApi({ [API_PATHS.speechToText]: () => jsonResponse(TRANSCRIPT_REPLY) });
    const store = makeStore();
    await store.dispatch(transcribeAudio({ file: audioFile(), language: '', task: 'transcribe' }));
    store.dispatch(resetSpeech());
    expect(store.getState().speech).toMatchObject({ text: '', error: null, loading: false });
  });

  it('reset stops a running transcription: its answer never shows', async () => {
    const reply = deferred<Response>();
    stubApi({ [API_PATHS.speechToText]: () => reply.promise });
    const store = makeStore();
    const pending = store.dispatch(
      transcribeAudio({ file: audioFile(), language: '', task: 'transcribe' }),
    );
    store.dispatch(resetSpeech());
    reply.resolve(jsonResponse(TRANSCRIPT_REPLY));
    await pending;
    expect(store.getState().speech).toEqual({
      text: '',
      segments: [],
      spokenLanguage: null,
      loading: false,
      error: null,
      job: null,
    });
  });
});

describe('Speech to text page', () => {
  it('highlights the drop area while a file is dragged over it', () => {
    stubApi({});
    renderPage();
    const dropZone = screen.getByTestId('drop-zone');
    fireEvent.dragOver(dropZone);
    expect(dropZone).toHaveClass('drop-zone--active');
    // Moving over the text inside the area keeps the highlight.
    // (jsdom has no DragEvent, and a plain Event would drop relatedTarget.)
    fireEvent(
      dropZone,
      new MouseEvent('dragleave', { bubbles: true, relatedTarget: dropZone.querySelector('p') }),
    );
    expect(dropZone).toHaveClass('drop-zone--active');
    fireEvent.dragLeave(dropZone);
    expect(dropZone).not.toHaveClass('drop-zone--active');
    fireEvent.dragOver(dropZone);
    dropFiles(dropZone, []);
    expect(dropZone).not.toHaveClass('drop-zone--active');
  });

  it('refuses a file that is not audio with the cross-marked alert', () => {
    const fetchMock = stubApi({});
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    renderPage();
    dropFiles(screen.getByTestId('drop-zone'), [
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
    ]);
    expect(alert).toHaveBeenCalledWith('❌ Please add an audio file only.');
    expect(callsTo(fetchMock, API_PATHS.speechToText)).toHaveLength(0);
  });

  it('transcribes the first dropped file at once and shows its progress, then its transcript, without Start', async () => {
    stubObjectUrls();
    const reply = deferred<Response>();
    const fetchMock = stubApi({ [API_PATHS.speechToText]: () => reply.promise });
    const downloads = captureDownloads();
    renderPage();

    dropFiles(screen.getByTestId('drop-zone'), [audioFile('first.wav'), audioFile('second.wav')]);
    const calls = callsTo(fetchMock, API_PATHS.speechToText);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(((calls[0]![1]?.body as FormData).get('file') as File).name).toBe('first.wav');
    expect(screen.getByText(/first\.wav/)).toBeInTheDocument();
    // A screen reader hears the drop zone's visible text and the chosen file.
    expect(screen.getByTestId('drop-zone')).toHaveAccessibleName(
      /^Drag and drop your audio file here, or click to choose first\.wav/,
    );
    // Adding the file started the work: the panel shows its progress at once, no Start needed.
    const heading = screen.getByRole('heading', { name: 'Your subtitles have been generated' });
    expect(screen.getByLabelText('Transcript')).toHaveValue('Processing your audio...');
    expect(screen.getByLabelText('Transcript')).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Download Your RTC file' })).toBeDisabled();

    reply.resolve(jsonResponse(TRANSCRIPT_REPLY));
    await waitFor(() => expect(screen.getByLabelText('Transcript')).toHaveValue('Hello world.'));
    // The transcript is there, with focus on its title: nothing reads as "press Start again".
    expect(heading).toHaveFocus();
    expect(screen.queryByText('Your transcript is ready below.')).not.toBeInTheDocument();
    // Start with a file keeps showing the panel (docs/product.md section 4), and sends nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Start Generating Subtitles' }));
    expect(screen.getByLabelText('Transcript')).toHaveValue('Hello world.');
    expect(calls).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Download Your RTC file' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download SRT' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download WebVTT' }));
    expect(downloads.map((download) => download.name)).toEqual([
      'subtitles.rtc',
      'subtitles.srt',
      'subtitles.vtt',
    ]);
  });

  it("estimates the wait from the recording's length at the speed this server measured", async () => {
    vi.mocked(readAudioDuration).mockResolvedValueOnce(60);
    stubApi({ [API_PATHS.speechToText]: () => new Promise<Response>(() => {}) });
    const { transcription } = READY_HEALTH.engines;
    const store = makeStore({
      engines: {
        engines: {
          ...READY_HEALTH.engines,
          transcription: { ...transcription, secondsPerAudioSecond: 2 },
        },
        loading: false,
        loaded: true,
        error: null,
      },
    });
    renderPage(store);
    fireEvent.change(screen.getByLabelText('Choose an audio file'), {
      target: { files: [audioFile()] },
    });
    // A minute of audio at 2 s of work a second, after the few seconds every request takes.
    expect(await screen.findByText('usually about 2 min 3 s')).toBeInTheDocument();
  });

  it('shows "No text generated yet" when the transcript is empty', async () => {
    stubApi({
      [API_PATHS.speechToText]: () => jsonResponse({ success: true, data: { transcript: '' } }),
    });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    renderPage();
    const input = screen.getByLabelText('Choose an audio file');
    fireEvent.change(input, { target: { files: [audioFile()] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Start Generating Subtitles' }));
    expect(screen.getByLabelText('Transcript')).toHaveValue('No text generated yet');
    expect(screen.getByRole('button', { name: 'Download Your RTC file' })).toBeDisabled();
    expect(alert).not.toHaveBeenCalled();
  });

  it('Start without a file shows "* Add file first" for 2 seconds and hides the panel', async () => {
    stubApi({});
    renderPage();
    await screen.findByText(ENGINE_TEXTS.transcriptionClassic);
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Start Generating Subtitles' }));
    expect(screen.getByText(SPEECH_TO_TEXT_MESSAGES.addFileFirst)).toBeInTheDocument();
    expect(screen.queryByLabelText('Transcript')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(TIMINGS.noticeMs - 1);
    });
    expect(screen.getByText(SPEECH_TO_TEXT_MESSAGES.addFileFirst)).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText(SPEECH_TO_TEXT_MESSAGES.addFileFirst)).not.toBeInTheDocument();
  });

  it('sends the chosen language and translation, names the language heard, offers word timing', async () => {
    const { blobs } = stubObjectUrls();
    const fetchMock = stubApi({
      [API_PATHS.speechToText]: () =>
        jsonResponse({
          success: true,
          data: {
            transcript: 'Leave your message.',
            language: 'en',
            spokenLanguage: 'fr',
            task: 'translate',
            segments: [
              {
                start: 0.5,
                end: 2,
                text: 'Leave your message.',
                words: [
                  { start: 0.5, end: 0.9, text: 'Leave' },
                  { start: 0.9, end: 1.2, text: 'your' },
                  { start: 1.2, end: 2, text: 'message.' },
                ],
              },
            ],
          },
        }),
    });
    const downloads = captureDownloads();
    renderPage();
    fireEvent.change(screen.getByLabelText(SPEECH_TO_TEXT_MESSAGES.spokenLanguageLabel), {
      target: { value: 'fr' },
    });
    fireEvent.click(screen.getByLabelText(SPEECH_TO_TEXT_MESSAGES.translateToEnglish));
    dropFiles(screen.getByTestId('drop-zone'), [audioFile('message.wav')]);
    const calls = callsTo(fetchMock, API_PATHS.speechToText);
    await waitFor(() => expect(calls).toHaveLength(1));
    const form = calls[0]![1]?.body as FormData;
    expect([form.get('language'), form.get('task'), form.get('words')]).toEqual([
      'fr',
      'translate',
      'true',
    ]);
    fireEvent.click(
      screen.getByRole('button', { name: /Start Generating Subtitles|Processing\.\.\./ }),
    );
    expect(
      await screen.findByText(SPEECH_TO_TEXT_MESSAGES.heardLanguage('French', true)),
    ).toBeInTheDocument();
    fireEvent.click(
      screen.getByRole('button', { name: SPEECH_TO_TEXT_MESSAGES.downloadWordTimedVtt }),
    );
    expect(downloads.at(-1)?.name).toBe('subtitles-words.vtt');
    expect(await blobText(blobs.get(downloads.at(-1)!.href)!)).toContain(
      'Leave <00:00:00.900>your',
    );

    // Another language transcribes the same file again, with it.
    fireEvent.change(screen.getByLabelText(SPEECH_TO_TEXT_MESSAGES.spokenLanguageLabel), {
      target: { value: 'de' },
    });
    await waitFor(() => expect(callsTo(fetchMock, API_PATHS.speechToText)).toHaveLength(2));
    const again = callsTo(fetchMock, API_PATHS.speechToText)[1]![1]?.body as FormData;
    expect((again.get('file') as File).name).toBe('message.wav');
    expect(again.get('language')).toBe('de');
  });

  it('the subtitle editor changes the cues, and the downloads follow the edits', async () => {
    const { blobs } = stubObjectUrls();
    stubApi({
      [API_PATHS.speechToText]: () =>
        jsonResponse({
          success: true,
          data: {
            transcript: 'Leave your message after the tone. Goodbye now.',
            segments: [
              { start: 0.5, end: 3, text: 'Leave your message after the tone.' },
              { start: 4, end: 5, text: 'Goodbye now.' },
            ],
          },
        }),
    });
    const downloads = captureDownloads();
    renderPage();
    dropFiles(screen.getByTestId('drop-zone'), [audioFile('message.wav')]);
    const editor = await screen.findByRole('region', {
      name: SPEECH_TO_TEXT_MESSAGES.editSubtitles,
    });
    // The recording plays beside the cues.
    expect(screen.getByLabelText(SPEECH_TO_TEXT_MESSAGES.yourRecording)).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );

    fireEvent.change(screen.getByLabelText(SPEECH_TO_TEXT_MESSAGES.cueText(2)), {
      target: { value: 'Goodbye for now.' },
    });
    fireEvent.change(screen.getByLabelText(SPEECH_TO_TEXT_MESSAGES.cueEnd(2)), {
      target: { value: '5.5' },
    });
    fireEvent.click(screen.getByRole('button', { name: SPEECH_TO_TEXT_MESSAGES.splitCue(1) }));
    expect(screen.getByLabelText(SPEECH_TO_TEXT_MESSAGES.cueText(1))).toHaveValue(
      'Leave your message',
    );
    expect(screen.getByLabelText(SPEECH_TO_TEXT_MESSAGES.cueText(2))).toHaveValue(
      'after the tone.',
    );
    fireEvent.click(screen.getByRole('button', { name: SPEECH_TO_TEXT_MESSAGES.mergeCue(2) }));
    expect(screen.getByLabelText(SPEECH_TO_TEXT_MESSAGES.cueText(2))).toHaveValue(
      'after the tone. Goodbye for now.',
    );
    fireEvent.click(screen.getByRole('button', { name: SPEECH_TO_TEXT_MESSAGES.deleteCue(1) }));
    expect(editor.querySelectorAll('li')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Download SRT' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download Your RTC file' }));
    const [srt, rtc] = downloads.slice(-2).map((download) => blobs.get(download.href)!);
    const cueStart = (0.5 + (2.5 * 18) / 33).toFixed(3).replace('.', ',');
    expect(await blobText(srt!)).toBe(
      `1\n00:00:0${cueStart} --> 00:00:05,500\nafter the tone. Goodbye for now.\n`,
    );
    expect(await blobText(rtc!)).toBe('after the tone. Goodbye for now.');
  });

  it('Reset clears the file, the hint and the panel', async () => {
    stubApi({ [API_PATHS.speechToText]: () => jsonResponse(TRANSCRIPT_REPLY) });
    renderPage();
    dropFiles(screen.getByTestId('drop-zone'), [audioFile('clip.wav')]);
    fireEvent.click(await screen.findByRole('button', { name: 'Start Generating Subtitles' }));
    await waitFor(() => expect(screen.getByLabelText('Transcript')).toHaveValue('Hello world.'));
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.queryByLabelText('Transcript')).not.toBeInTheDocument();
    expect(screen.queryByText(/clip\.wav/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Start Generating Subtitles' }));
    expect(screen.getByText(SPEECH_TO_TEXT_MESSAGES.addFileFirst)).toBeInTheDocument();
  });

  it('the drop area opens the file picker from the keyboard', () => {
    stubApi({});
    renderPage();
    const input = screen.getByLabelText<HTMLInputElement>('Choose an audio file');
    const click = vi.spyOn(input, 'click').mockImplementation(() => {});
    const dropZone = screen.getByRole('button', { name: /Drag and drop your audio file here/ });
    dropZone.focus();
    fireEvent.keyDown(dropZone, { key: 'Enter' });
    fireEvent.keyDown(dropZone, { key: ' ' });
    expect(click).toHaveBeenCalledTimes(2);
  });

  it('shows a failure in the error line', async () => {
    stubApi({
      [API_PATHS.speechToText]: () =>
        jsonResponse({ message: 'This file is not audio we can read.' }, 415),
    });
    renderPage();
    dropFiles(screen.getByTestId('drop-zone'), [audioFile()]);
    expect(await screen.findByText('This file is not audio we can read.')).toHaveAttribute(
      'role',
      'alert',
    );
  });
});

describe('Speech to text page: long recordings as background jobs', () => {
  const JOB_PATH = `${API_PATHS.speechToTextJobs}/job-1`;
  const running = (secondsDone: number, transcript: string): TranscriptionJob => ({
    jobId: 'job-1',
    status: 'running',
    progress: {
      audioSecondsDone: secondsDone,
      audioSecondsTotal: 3600,
      percent: (secondsDone / 3600) * 100,
      estimatedSecondsLeft: 3600 - secondsDone,
    },
    transcript,
    segments: [{ start: 0, end: 2, text: transcript }],
  });
  const DONE: TranscriptionJob = {
    jobId: 'job-1',
    status: 'done',
    progress: { audioSecondsDone: 3600, audioSecondsTotal: 3600, percent: 100 },
    result: {
      transcript: 'Welcome to the lecture. Today we talk about rivers.',
      segments: [{ start: 0, end: 3, text: 'Welcome to the lecture. Today we talk about rivers.' }],
      language: 'en',
    },
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  };
  const jobAnswer = (job: TranscriptionJob, status = 200) =>
    jsonResponse({ success: true, data: job }, status);

  /** Lets the page's next look at the job happen now. */
  async function nextPoll() {
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.transcriptionJobPollMs));
  }

  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });

  it('sends a file over the direct limit as a job, shows its progress and text so far, keeps its id in the address', async () => {
    stubObjectUrls();
    const looks = [running(900, 'Welcome to the lecture.'), DONE];
    const fetchMock = stubApi({
      [API_PATHS.speechToTextJobs]: () =>
        jobAnswer(
          { ...running(0, ''), status: 'queued', queue: { ahead: 1, estimatedWaitSeconds: 40 } },
          202,
        ),
      [JOB_PATH]: () => jobAnswer(looks.shift()!),
    });
    renderPage();
    const large = audioFile('lecture.mp3', 'audio/mpeg');
    Object.defineProperty(large, 'size', { value: LIMITS.uploadMaxBytes + 1 });
    dropFiles(screen.getByTestId('drop-zone'), [large]);

    expect(screen.queryByText(SPEECH_TO_TEXT_MESSAGES.fileTooLarge)).not.toBeInTheDocument();
    expect(await screen.findByText('Waiting in line: 1 ahead, about 40 s')).toBeInTheDocument();
    expect(callsTo(fetchMock, API_PATHS.speechToText)).toHaveLength(0);
    expect(callsTo(fetchMock, API_PATHS.speechToTextJobs)).toHaveLength(1);
    await waitFor(() => expect(currentSearch).toBe('?job=job-1'));
    expect(screen.getByText(SPEECH_TO_TEXT_MESSAGES.longRecordingNote)).toBeInTheDocument();

    await nextPoll();
    expect(
      await screen.findByText(/25% done: 15 min of 60 min heard\. About 45 min left\./),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('progressbar', { name: 'Transcribing your recording' }),
    ).toHaveAttribute('value', '25');
    // The text so far shows while the rest is heard; the editor waits for the end.
    expect(screen.getByLabelText('Transcript')).toHaveValue('Welcome to the lecture.');
    expect(screen.queryByRole('button', { name: 'Download SRT' })).not.toBeInTheDocument();

    await nextPoll();
    await waitFor(() =>
      expect(screen.getByLabelText('Transcript')).toHaveValue(
        'Welcome to the lecture. Today we talk about rivers.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Download SRT' })).toBeEnabled();
    expect(screen.getByTestId('job-kept-until')).toHaveTextContent(/kept on this server until/);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(currentSearch).toBe('?job=job-1');
  });

  it('switches to a job when the browser reads a duration over the direct limit', async () => {
    vi.mocked(readAudioDuration).mockResolvedValueOnce(LIMITS.audioMaxSeconds + 1);
    const direct = deferred<Response>();
    const fetchMock = stubApi({
      [API_PATHS.speechToText]: (init) =>
        new Promise((_, reject) =>
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          ),
        ).then(() => direct.promise),
      [API_PATHS.speechToTextJobs]: () => jobAnswer(running(0, ''), 202),
      [JOB_PATH]: () => jobAnswer(DONE),
    });
    const store = makeStore();
    renderPage(store);
    dropFiles(screen.getByTestId('drop-zone'), [audioFile('podcast.mp3', 'audio/mpeg')]);
    await waitFor(() => expect(callsTo(fetchMock, API_PATHS.speechToTextJobs)).toHaveLength(1));
    // The direct request was cancelled: only the job's answer reaches the page.
    expect(callsTo(fetchMock, API_PATHS.speechToText)).toHaveLength(1);
    expect(callsTo(fetchMock, API_PATHS.speechToText)[0]![1]?.signal?.aborted).toBe(true);
    expect(screen.queryByText(SPEECH_TO_TEXT_MESSAGES.audioTooLong)).not.toBeInTheDocument();
    expect(screen.getByText(/podcast\.mp3/)).toBeInTheDocument();
    await nextPoll();
    await waitFor(() => expect(store.getState().speech.text).toMatch(/^Welcome to the lecture/));
  });

  it('after a reload, follows the job named in the address', async () => {
    const fetchMock = stubApi({ [JOB_PATH]: () => jobAnswer(looksOnce.shift() ?? DONE) });
    const looksOnce = [running(1800, 'Welcome to the lecture.')];
    renderPage(undefined, '/speech-to-text?job=job-1');
    expect(await screen.findByText(/50% done: 30 min of 60 min heard/)).toBeInTheDocument();
    expect(screen.getByLabelText('Transcript')).toHaveValue('Welcome to the lecture.');
    await nextPoll();
    await waitFor(() =>
      expect(screen.getByLabelText('Transcript')).toHaveValue(
        'Welcome to the lecture. Today we talk about rivers.',
      ),
    );
    expect(callsTo(fetchMock, JOB_PATH)).toHaveLength(2);
  });

  it('a job that no longer exists says so and leaves the address', async () => {
    stubApi({
      [JOB_PATH]: () => jsonResponse({ message: SPEECH_TO_TEXT_MESSAGES.jobNotFound }, 404),
    });
    renderPage(undefined, '/speech-to-text?job=job-1');
    expect(await screen.findByText(SPEECH_TO_TEXT_MESSAGES.jobNotFound)).toBeInTheDocument();
    await waitFor(() => expect(currentSearch).toBe(''));
  });

  it('Cancel stops the job on the server and clears the page; Reset deletes a finished result', async () => {
    const deleted: string[] = [];
    const fetchMock = stubApi({
      [API_PATHS.speechToTextJobs]: () => jobAnswer(running(60, 'Welcome.'), 202),
      [JOB_PATH]: (init) => {
        if (init?.method === 'DELETE') {
          deleted.push('job-1');
          return jobAnswer({ ...running(60, ''), status: 'cancelled' });
        }
        return jobAnswer(running(60, 'Welcome.'));
      },
    });
    renderPage();
    const large = audioFile('lecture.mp3', 'audio/mpeg');
    Object.defineProperty(large, 'size', { value: LIMITS.uploadMaxBytes + 1 });
    dropFiles(screen.getByTestId('drop-zone'), [large]);
    fireEvent.click(await screen.findByRole('button', { name: SPEECH_TO_TEXT_MESSAGES.cancelJob }));
    await waitFor(() => expect(deleted).toEqual(['job-1']));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Transcript')).not.toBeInTheDocument();
    await waitFor(() => expect(currentSearch).toBe(''));
    const looks = callsTo(fetchMock, JOB_PATH).length;
    await nextPoll();
    expect(callsTo(fetchMock, JOB_PATH)).toHaveLength(looks);

    // A finished job's result is deleted when the visitor resets the page.
    stubApi({
      [JOB_PATH]: (init) => {
        if (init?.method === 'DELETE') deleted.push('finished');
        return jobAnswer(DONE);
      },
    });
    cleanupAndRender('/speech-to-text?job=job-1');
    await waitFor(() =>
      expect(screen.getByLabelText('Transcript')).toHaveValue(DONE.result!.transcript),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(deleted).toEqual(['job-1', 'finished']));
  });
});

function cleanupAndRender(address: string) {
  cleanup();
  renderPage(undefined, address);
}
