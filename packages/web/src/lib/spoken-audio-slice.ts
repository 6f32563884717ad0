/**
 * Generated speech in the store, for the text-to-speech page (docs/product.md section 3:
 * tts { audioUrl, format, loading, error }) and for the voice-over and Listen panels of the
 * writers, each under its own name. The audio itself lives in a Blob behind an object URL; only the
 * URL (a string) is kept in the store, and it is revoked whenever it is replaced or cleared so the
 * browser frees the audio.
 *
 * The speech streams in (contracts/streaming.ts): each piece plays as it comes (live-speech-player),
 * and `madeSeconds` and `queue` say how far the request has got; the finished file (the answer's,
 * or for a WAV or an MP3 the one the page made from the pieces, speech-file.ts) then becomes
 * `audioUrl`, and the page's player takes over from the live playback where the visitor is
 * (`takeOverLivePlayback`). `livePlayback` and `heardSeconds` mirror the live playback, so the page
 * shows one player from the first piece on: its position, Pause and Resume, and Stop.
 */
import {
  createAsyncThunk,
  createSlice,
  type PayloadAction,
  type ThunkDispatch,
  type UnknownAction,
} from '@reduxjs/toolkit';
import {
  MEDIA_TYPES,
  type CaptionCue,
  type OutputFormat,
  type QueueEvent,
  type TextToSpeechRequest,
  type SpokenAudioAnswer,
  TEXT_TO_SPEECH_MESSAGES,
} from '@ai-tools/contracts';
import { postSpeech } from './api-client.ts';
import { decodeBase64 } from './base64.ts';
import { getErrorMessage } from './get-error-message.ts';
import {
  createLiveSpeechPlayer,
  type LivePlaybackSnapshot,
  type LivePlaybackStatus,
  type LiveSpeechPlayer,
} from './live-speech-player.ts';
import { collectSpeechFile } from './speech-file.ts';
import { queueReducer } from './writer-stream.ts';
import { createRunningRequest } from './running-request.ts';

export interface SpokenAudioState {
  audioUrl: string | null;
  format: OutputFormat | null;
  loading: boolean;
  error: string | null;
  /** Seconds of speech the running request has made (and is playing) so far. */
  madeSeconds: number;
  /** The running request's place in line while it waits; null once the engine speaks for it. */
  queue: QueueEvent | null;
  /** How long making the speech should take, as the server measured; null untold. */
  estimatedRunSeconds: number | null;
  /** Caption cues timed by the synthesis, for the .srt and .vtt downloads; empty without them. */
  captions: CaptionCue[];
  /** Whether the speech that plays as it is made is playing, paused, or not there (off). */
  livePlayback: LivePlaybackStatus;
  /** Where in the audio the visitor is while it plays as it is made, in seconds. */
  heardSeconds: number;
}

const initialState: SpokenAudioState = {
  audioUrl: null,
  format: null,
  loading: false,
  error: null,
  madeSeconds: 0,
  queue: null,
  estimatedRunSeconds: null,
  captions: [],
  livePlayback: 'off',
  heardSeconds: 0,
};

/** What the page sends: the request of docs/product.md section 7, captions included when wanted. */
export type SpeechRequest = Omit<TextToSpeechRequest, 'captions'> & { captions?: boolean };

/** Speech kept in the store under `name`, with the thunks that make, replace and clear it. */
export function createSpokenAudioSlice<Name extends string>(name: Name) {
  /** The running request's live playback; a new request starts a new one. */
  let livePlayer: LiveSpeechPlayer | undefined;

  function startLivePlayback(dispatch: (action: UnknownAction) => unknown): LiveSpeechPlayer {
    livePlayer?.stop();
    const player = createLiveSpeechPlayer((snapshot) => {
      // A replaced playback has nothing more to say about the page's player.
      if (livePlayer === player) dispatch(slice.actions.livePlaybackChanged(snapshot));
    });
    livePlayer = player;
    return player;
  }

  const requestSpeech = createAsyncThunk<
    { audioUrl: string; format: OutputFormat; captions: CaptionCue[] },
    SpeechRequest,
    { rejectValue: string }
  >(`${name}/generate`, async (request, { dispatch, rejectWithValue, signal }) => {
    const player = startLivePlayback(dispatch);
    // A streamed WAV or MP3 comes once, as the pieces: the page makes the file from their samples.
    const filePieces = collectSpeechFile(request.outputFormat);
    // The answer comes checked with the contracts' schema (event-stream-client.ts, loaded on first
    // use, so zod stays out of the first page load where this slice is).
    let answer: SpokenAudioAnswer;
    try {
      answer = await postSpeech(request, {
        signal,
        onQueue: (queue) => dispatch(slice.actions.queueChanged(queue)),
        onAudio: (piece) => {
          player.play(piece);
          filePieces?.add(piece);
          dispatch(slice.actions.pieceArrived(piece.endSeconds));
        },
      });
    } catch (error) {
      return rejectWithValue(getErrorMessage(error, TEXT_TO_SPEECH_MESSAGES.failed));
    } finally {
      // What was made still plays to its end, unless the finished file takes over first.
      player.finish();
    }
    // docs/product.md section 7: audioBase64 at the top level or under data (the schema reads
    // either); an answer without a sound format is the one asked for. A streamed WAV's or MP3's
    // answer has none: its file is made from the pieces.
    const { audioBase64, format = request.outputFormat, captions = [] } = answer;
    let blob: Blob | null = null;
    if (audioBase64) {
      try {
        blob = new Blob([decodeBase64(audioBase64)], { type: MEDIA_TYPES[format] });
      } catch {
        return rejectWithValue(TEXT_TO_SPEECH_MESSAGES.noAudioData);
      }
    } else if (format === request.outputFormat) {
      blob = (await filePieces?.file()) ?? null;
    }
    if (!blob) return rejectWithValue(TEXT_TO_SPEECH_MESSAGES.noAudioData);
    // Cleared while decoding: the result is dropped, so no URL must be created for it.
    if (signal.aborted) return rejectWithValue(TEXT_TO_SPEECH_MESSAGES.failed);
    return { audioUrl: URL.createObjectURL(blob), format, captions };
  });

  const slice = createSlice({
    name,
    initialState,
    reducers: {
      /** docs/product.md section 4: the clear-audio action removes the audio and format. */
      audioCleared(state) {
        state.audioUrl = null;
        state.format = null;
        state.error = null;
        state.loading = false;
        state.madeSeconds = 0;
        state.queue = null;
        state.captions = [];
        state.livePlayback = 'off';
        state.heardSeconds = 0;
      },
      /** Stop while the speech is made: the sound and the request end; an error stays shown. */
      speechStopped(state) {
        state.loading = false;
        state.queue = null;
        state.madeSeconds = 0;
        state.livePlayback = 'off';
        state.heardSeconds = 0;
      },
      livePlaybackChanged(state, action: PayloadAction<LivePlaybackSnapshot>) {
        state.livePlayback = action.payload.status;
        state.heardSeconds = action.payload.heardSeconds;
      },
      pieceArrived(state, action: PayloadAction<number>) {
        state.madeSeconds = action.payload;
        state.queue = null;
      },
      queueChanged: queueReducer,
    },
    extraReducers: (builder) => {
      builder
        .addCase(requestSpeech.pending, (state) => {
          state.loading = true;
          state.error = null;
          state.audioUrl = null;
          state.format = null;
          state.madeSeconds = 0;
          state.queue = null;
          state.estimatedRunSeconds = null;
          state.captions = [];
          state.livePlayback = 'off';
          state.heardSeconds = 0;
        })
        .addCase(requestSpeech.fulfilled, (state, action) => {
          state.loading = false;
          state.audioUrl = action.payload.audioUrl;
          state.format = action.payload.format;
          state.captions = action.payload.captions;
          state.queue = null;
        })
        .addCase(requestSpeech.rejected, (state, action) => {
          // A cancelled request was replaced or cleared: whoever cancelled it owns the state now.
          if (action.meta.aborted) return;
          state.loading = false;
          state.error = action.payload ?? TEXT_TO_SPEECH_MESSAGES.failed;
          state.queue = null;
        });
    },
    selectors: {
      select: (state) => state,
    },
  });

  type Dispatch = ThunkDispatch<Record<Name, SpokenAudioState>, unknown, UnknownAction>;
  type GetState = () => Record<Name, SpokenAudioState>;

  const running = createRunningRequest();

  function revokeAudio(getState: GetState) {
    const { audioUrl } = getState()[name];
    if (audioUrl) URL.revokeObjectURL(audioUrl);
  }

  /**
   * Generates speech, freeing the previous audio first (pending drops its URL from the store). A
   * newer request replaces a running one, so an older reply never creates audio nobody can free.
   */
  function generateSpeech(request: SpeechRequest) {
    return (dispatch: Dispatch, getState: GetState) => {
      running.cancel();
      livePlayer?.stop();
      revokeAudio(getState);
      return running.track(dispatch(requestSpeech(request)));
    };
  }

  /** Clear: stops a running request, frees the audio and removes it from the store. */
  function clearAudio() {
    return (dispatch: Dispatch, getState: GetState) => {
      running.cancel();
      livePlayer?.stop();
      revokeAudio(getState);
      dispatch(slice.actions.audioCleared());
    };
  }

  /**
   * Stop while the speech is made: the sound stops and so does the request, since a file nobody
   * listens to is not worth the engine's time (Pause keeps it coming). The text stays.
   */
  function stopSpeech() {
    return (dispatch: Dispatch) => {
      running.cancel();
      livePlayer?.stop();
      dispatch(slice.actions.speechStopped());
    };
  }

  function pauseLivePlayback() {
    return () => livePlayer?.pause();
  }

  function resumeLivePlayback() {
    return () => livePlayer?.resume();
  }

  /**
   * The finished file's player takes over: the live playback ends, and the answer says where the
   * player goes on from and whether it plays (null: from the start, paused).
   */
  function takeOverLivePlayback() {
    return () => livePlayer?.takeOver() ?? null;
  }

  /** What the speech player does when the visitor acts, through the page's dispatch. */
  function playerActions(dispatch: Dispatch) {
    return {
      onPause: () => dispatch(pauseLivePlayback()),
      onResume: () => dispatch(resumeLivePlayback()),
      onStop: () => dispatch(stopSpeech()),
      onTakeOver: () => dispatch(takeOverLivePlayback()),
    };
  }

  /** What a SpokenAudioPanel does when the visitor acts, through the page's dispatch. */
  function panelActions(dispatch: Dispatch) {
    return {
      onGenerate: (request: SpeechRequest) => void dispatch(generateSpeech(request)),
      onClear: () => dispatch(clearAudio()),
      player: playerActions(dispatch),
    };
  }

  return {
    reducer: slice.reducer,
    select: slice.selectors.select,
    generateSpeech,
    clearAudio,
    stopSpeech,
    pauseLivePlayback,
    resumeLivePlayback,
    takeOverLivePlayback,
    playerActions,
    panelActions,
  };
}
