import { installFakeAudioContext, speechPiece as piece } from '../test/fake-audio-context.ts';
import {
  createLiveSpeechPlayer,
  type LivePlaybackSnapshot,
  type LivePlaybackStatus,
} from './live-speech-player.ts';

/** Where the playback is: its status, and the position heard to the millisecond. */
function expectAt(
  snapshot: LivePlaybackSnapshot | undefined,
  status: LivePlaybackStatus,
  heardSeconds: number,
) {
  expect(snapshot?.status).toBe(status);
  expect(snapshot?.heardSeconds).toBeCloseTo(heardSeconds);
}

function expectHandOver(
  handOver: { heardSeconds: number; playing: boolean } | null,
  heardSeconds: number,
  playing: boolean,
) {
  expect(handOver?.playing).toBe(playing);
  expect(handOver?.heardSeconds).toBeCloseTo(heardSeconds);
}

/** The lead the player leaves before its first piece, so positions are read after it. */
const LEAD = 0.05;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('live speech player', () => {
  it('plays the pieces one after another and follows what is heard across them', () => {
    const audio = installFakeAudioContext();
    const player = createLiveSpeechPlayer();
    expect(player.snapshot()).toEqual({ status: 'off', heardSeconds: 0 });

    player.play(piece(0, 0, 4));
    player.play(piece(1, 4, 2));
    const context = audio.context();
    expect(context.sources.map((source) => source.startAt)).toEqual([LEAD, LEAD + 4]);

    context.advance(LEAD + 3);
    expectAt(player.snapshot(), 'playing', 3);
    context.advance(2);
    expect(player.snapshot().heardSeconds).toBeCloseTo(5);
    context.advance(5);
    // Everything made so far is heard; the request is not done, so more may come.
    expectAt(player.snapshot(), 'playing', 6);
  });

  it('a piece that comes after the others were heard starts then, and the silence is not counted', () => {
    const audio = installFakeAudioContext();
    const player = createLiveSpeechPlayer();
    player.play(piece(0, 0, 2));
    const context = audio.context();
    context.advance(10);
    player.play(piece(1, 2, 3));
    expect(context.sources[1]?.startAt).toBeCloseTo(10 + LEAD);
    context.advance(LEAD + 1);
    expect(player.snapshot().heardSeconds).toBeCloseTo(3);
  });

  it('Pause holds the audio clock and the position; Resume goes on from there', () => {
    const audio = installFakeAudioContext();
    const changes: LivePlaybackSnapshot[] = [];
    const player = createLiveSpeechPlayer((snapshot) => changes.push(snapshot));
    player.play(piece(0, 0, 10));
    const context = audio.context();
    context.advance(LEAD + 2);

    player.pause();
    expect(context.state).toBe('suspended');
    context.advance(5);
    expectAt(player.snapshot(), 'paused', 2);
    expectAt(changes.at(-1), 'paused', 2);

    player.resume();
    expect(context.state).toBe('running');
    context.advance(1);
    expectAt(player.snapshot(), 'playing', 3);
  });

  it('reports the position while it plays, and not while paused', () => {
    vi.useFakeTimers();
    const audio = installFakeAudioContext();
    const changes: LivePlaybackSnapshot[] = [];
    const player = createLiveSpeechPlayer((snapshot) => changes.push(snapshot));
    player.play(piece(0, 0, 10));
    expect(changes).toEqual([{ status: 'playing', heardSeconds: 0 }]);
    const context = audio.context();

    context.advance(LEAD + 1);
    vi.advanceTimersByTime(250);
    expectAt(changes.at(-1), 'playing', 1);

    player.pause();
    const reported = changes.length;
    vi.advanceTimersByTime(5000);
    expect(changes).toHaveLength(reported);
  });

  it('paused before the first piece, it stays silent from that piece on', () => {
    const audio = installFakeAudioContext();
    const player = createLiveSpeechPlayer();
    player.pause();
    player.play(piece(0, 0, 3));
    const context = audio.context();
    expect(context.state).toBe('suspended');
    expect(player.snapshot()).toEqual({ status: 'paused', heardSeconds: 0 });
  });

  it('hands over where the visitor is: playing, or paused', () => {
    const audio = installFakeAudioContext();
    const playing = createLiveSpeechPlayer();
    playing.play(piece(0, 0, 5));
    playing.play(piece(1, 5, 5));
    const first = audio.context();
    first.advance(LEAD + 7);
    expectHandOver(playing.takeOver(), 7, true);
    // Nothing of the live playback goes on beside the file.
    expect(first.playing()).toEqual([]);
    expect(first.state).toBe('closed');
    expect(playing.snapshot().status).toBe('off');
    expect(playing.takeOver()).toBeNull();

    const paused = createLiveSpeechPlayer();
    paused.play(piece(0, 0, 5));
    audio.context().advance(LEAD + 2);
    paused.pause();
    expectHandOver(paused.takeOver(), 2, false);
  });

  it('once the request is done and all is heard, the playback ends and there is nothing to hand over', () => {
    const audio = installFakeAudioContext();
    const changes: LivePlaybackSnapshot[] = [];
    const player = createLiveSpeechPlayer((snapshot) => changes.push(snapshot));
    player.play(piece(0, 0, 2));
    player.finish();
    expect(player.snapshot().status).toBe('playing');
    audio.context().advance(LEAD + 2);
    expectAt(changes.at(-1), 'off', 2);
    expect(player.takeOver()).toBeNull();
    // A late piece of a finished playback plays nothing.
    player.play(piece(1, 2, 2));
    expect(audio.context().sources).toHaveLength(1);
  });

  it('Stop silences every piece, queued ones too', () => {
    const audio = installFakeAudioContext();
    const player = createLiveSpeechPlayer();
    player.play(piece(0, 0, 2));
    player.play(piece(1, 2, 2));
    player.stop();
    expect(audio.context().playing()).toEqual([]);
    expect(player.snapshot().status).toBe('off');
  });

  it('without Web Audio it plays nothing and has nothing to hand over', () => {
    vi.stubGlobal('AudioContext', undefined);
    const player = createLiveSpeechPlayer();
    player.play(piece(0, 0, 2));
    expect(player.snapshot()).toEqual({ status: 'off', heardSeconds: 0 });
    expect(player.takeOver()).toBeNull();
  });
});
