import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  API_PATHS,
  SPEECH_PLAYER_MESSAGES,
  TEXT_TO_SPEECH_MESSAGES,
  WRITER_MESSAGES,
} from '@ai-tools/contracts';
import { useAppDispatch, useAppSelector } from '../app/hooks.ts';
import { blogAudio } from '../features/blog/blog-audio-slice.ts';
import { TextToSpeechPage } from '../features/text-to-speech/text-to-speech-page.tsx';
import {
  callsTo,
  eventStream,
  renderWithStore,
  serverSentEvent,
  stubApi,
  stubObjectUrls,
} from '../lib/test-helpers.tsx';
import { installFakeAudioContext, speechPiece } from '../test/fake-audio-context.ts';
import { SpokenAudioPanel } from './spoken-audio-panel.tsx';

/** The lead the live playback leaves before its first piece. */
const LEAD = 0.05;

/** A streamed piece of `seconds` of speech, as the server sends it. */
function piece(index: number, startSeconds: number, seconds: number): string {
  return serverSentEvent('audio', speechPiece(index, startSeconds, seconds));
}

const RESULT = serverSentEvent('result', {
  success: true,
  data: {
    audioBase64: btoa('ID3 fake mp3 bytes'),
    format: 'mp3',
    mediaType: 'audio/mpeg',
    durationSeconds: 10,
    engine: 'festival',
  },
});

/** The browser's own player: jsdom plays nothing, so play() is recorded. */
function recordFilePlays() {
  return vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function startSpeech() {
  const audio = installFakeAudioContext();
  stubObjectUrls();
  const stream = eventStream();
  const fetchMock = stubApi({ [API_PATHS.textToSpeech]: (init) => stream.respond(init) });
  const store = renderWithStore(<TextToSpeechPage />);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Text'), 'One. Two.');
  await user.click(screen.getByRole('button', { name: 'Generate' }));
  await waitFor(() => expect(callsTo(fetchMock, API_PATHS.textToSpeech)).toHaveLength(1));
  return { audio, stream, store, user };
}

function livePlayer() {
  return screen.getByRole('group', { name: SPEECH_PLAYER_MESSAGES.label });
}

describe('the text-to-speech player while the speech is made', () => {
  it('shows where the visitor is, pauses and resumes, and the file goes on from there, playing', async () => {
    const plays = recordFilePlays();
    const { audio, stream, user } = await startSpeech();
    // Before any sound, Stop is already there.
    expect(within(livePlayer()).getByRole('button', { name: WRITER_MESSAGES.stop })).toBeEnabled();
    expect(screen.queryByText(TEXT_TO_SPEECH_MESSAGES.noAudioYet)).not.toBeInTheDocument();

    stream.send(piece(0, 0, 4));
    stream.send(piece(1, 4, 6));
    const position = await screen.findByText('0:00 / 0:10 made so far');
    const context = audio.context();
    act(() => context.advance(LEAD + 2.5));
    await waitFor(() => expect(position).toHaveTextContent('0:02 / 0:10 made so far'));

    await user.click(
      within(livePlayer()).getByRole('button', { name: SPEECH_PLAYER_MESSAGES.pause }),
    );
    expect(context.state).toBe('suspended');
    expect(position).toHaveTextContent(`${SPEECH_PLAYER_MESSAGES.paused} · 0:02 / 0:10`);
    act(() => context.advance(3));
    expect(position).toHaveTextContent('0:02 / 0:10');

    await user.click(
      within(livePlayer()).getByRole('button', { name: SPEECH_PLAYER_MESSAGES.resume }),
    );
    expect(context.state).toBe('running');
    act(() => context.advance(3));
    await waitFor(() => expect(position).toHaveTextContent('0:05 / 0:10 made so far'));

    stream.send(RESULT);
    const file = await screen.findByLabelText<HTMLAudioElement>('Generated audio');
    expect(plays).not.toHaveBeenCalled();
    fireEvent.loadedMetadata(file);
    // One player: the file goes on at the point heard and plays; the live sound is gone.
    expect(file.currentTime).toBeCloseTo(5.5);
    expect(plays).toHaveBeenCalledTimes(1);
    expect(context.playing()).toEqual([]);
    expect(context.state).toBe('closed');
    expect(screen.queryByRole('group', { name: SPEECH_PLAYER_MESSAGES.label })).toBeNull();
  });

  it('paused when the file comes, the file waits at that point', async () => {
    const plays = recordFilePlays();
    const { audio, stream, user } = await startSpeech();
    stream.send(piece(0, 0, 8));
    await screen.findByText('0:00 / 0:08 made so far');
    act(() => audio.context().advance(LEAD + 3.5));
    await user.click(
      within(livePlayer()).getByRole('button', { name: SPEECH_PLAYER_MESSAGES.pause }),
    );

    stream.send(RESULT);
    const file = await screen.findByLabelText<HTMLAudioElement>('Generated audio');
    fireEvent.loadedMetadata(file);
    expect(file.currentTime).toBeCloseTo(3.5);
    expect(plays).not.toHaveBeenCalled();
    expect(audio.context().playing()).toEqual([]);
  });

  it('the file played before its details loaded still goes on from the live playback', async () => {
    recordFilePlays();
    const { audio, stream } = await startSpeech();
    stream.send(piece(0, 0, 8));
    await screen.findByText('0:00 / 0:08 made so far');
    act(() => audio.context().advance(LEAD + 4.5));
    stream.send(RESULT);
    const file = await screen.findByLabelText<HTMLAudioElement>('Generated audio');
    fireEvent.play(file);
    expect(file.currentTime).toBeCloseTo(4.5);
    expect(audio.context().playing()).toEqual([]);
  });

  it('Stop silences the speech and ends the request, and the text stays', async () => {
    const { audio, stream, store, user } = await startSpeech();
    stream.send(piece(0, 0, 8));
    await screen.findByText('0:00 / 0:08 made so far');

    await user.click(within(livePlayer()).getByRole('button', { name: WRITER_MESSAGES.stop }));
    expect(audio.context().playing()).toEqual([]);
    expect(stream.closed).toBe(true);
    expect(store.getState().tts).toMatchObject({ loading: false, livePlayback: 'off' });
    expect(screen.getByText(TEXT_TO_SPEECH_MESSAGES.noAudioYet)).toBeInTheDocument();
    expect(screen.getByLabelText('Text')).toHaveValue('One. Two.');
    expect(screen.getByRole('button', { name: 'Generate' })).toBeEnabled();
  });

  it('Clear stops the speech too', async () => {
    const { audio, stream, user } = await startSpeech();
    stream.send(piece(0, 0, 8));
    await screen.findByText('0:00 / 0:08 made so far');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(audio.context().playing()).toEqual([]);
    expect(stream.closed).toBe(true);
  });

  it('leaving the page pauses the speech; coming back offers Resume', async () => {
    const { audio, stream, store } = await startSpeech();
    stream.send(piece(0, 0, 8));
    await screen.findByText('0:00 / 0:08 made so far');
    const context = audio.context();
    act(() => context.advance(LEAD + 1.5));
    // The visitor goes to another page: the tool page is gone, its speech must not go on alone.
    cleanup();
    await waitFor(() => expect(context.state).toBe('suspended'));

    renderWithStore(<TextToSpeechPage />, store);
    expect(livePlayer()).toHaveTextContent(`${SPEECH_PLAYER_MESSAGES.paused} · 0:01 / 0:08`);
    expect(
      within(livePlayer()).getByRole('button', { name: SPEECH_PLAYER_MESSAGES.resume }),
    ).toBeInTheDocument();
  });
});

/** The blog's Listen panel, wired to the store as the blog page wires it. */
function ListenPanel({ text = 'One. Two.' }: { text?: string }) {
  const dispatch = useAppDispatch();
  const state = useAppSelector(blogAudio.select);
  return (
    <SpokenAudioPanel
      id="blog-listen"
      title="Listen"
      actionLabel="Listen"
      description="Hear the post."
      text={text}
      fileBaseName="blog-audio"
      state={state}
      {...blogAudio.panelActions(dispatch)}
    />
  );
}

describe("the writers' read-aloud panels", () => {
  it('say why the button is off when the text has nothing to read', () => {
    renderWithStore(<ListenPanel text="   " />);
    const button = screen.getByRole('button', { name: 'Listen' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      expect.stringContaining(TEXT_TO_SPEECH_MESSAGES.nothingToRead),
    );
  });

  it('have the same player: Pause, Stop, and the file going on from the point heard', async () => {
    const plays = recordFilePlays();
    const audio = installFakeAudioContext();
    stubObjectUrls();
    const stream = eventStream();
    stubApi({ [API_PATHS.textToSpeech]: (init) => stream.respond(init) });
    renderWithStore(<ListenPanel />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Listen' }));
    // One Stop: the player's.
    expect(screen.getAllByRole('button', { name: WRITER_MESSAGES.stop })).toHaveLength(1);

    stream.send(piece(0, 0, 6));
    await screen.findByText('0:00 / 0:06 made so far');
    act(() => audio.context().advance(LEAD + 2.5));
    await waitFor(() => expect(livePlayer()).toHaveTextContent('0:02 / 0:06'));

    stream.send(RESULT);
    const file = await screen.findByLabelText<HTMLAudioElement>('Listen audio');
    fireEvent.loadedMetadata(file);
    expect(file.currentTime).toBeCloseTo(2.5);
    expect(plays).toHaveBeenCalledTimes(1);
    expect(audio.context().playing()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Remove audio' })).toBeInTheDocument();
  });

  it('Stop while the audio is made ends it and offers the action again', async () => {
    const audio = installFakeAudioContext();
    stubObjectUrls();
    const stream = eventStream();
    stubApi({ [API_PATHS.textToSpeech]: (init) => stream.respond(init) });
    renderWithStore(<ListenPanel />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Listen' }));
    stream.send(piece(0, 0, 6));
    await screen.findByText('0:00 / 0:06 made so far');
    await user.click(screen.getByRole('button', { name: WRITER_MESSAGES.stop }));
    expect(audio.context().playing()).toEqual([]);
    expect(stream.closed).toBe(true);
    expect(screen.getByRole('button', { name: 'Listen' })).toBeEnabled();
    expect(screen.queryByRole('group', { name: SPEECH_PLAYER_MESSAGES.label })).toBeNull();
  });
});
