/**
 * Generated speech in the store, for the text-to-speech page (docs/product.md section 3:
 * tts { audioUrl, format, loading, error }) and for the voice-over and Listen panels of the
 * writers, each under its own name. The audio itself lives in a Blob behind an object URL; only the
 * URL (a string) is kept in the store, and it is revoked whenever it is replaced or cleared so the
 * browser frees the audio.
 *
 * The speech streams in (contracts/streaming.ts): each piece plays as it comes (live-speech-player),
 * and `madeSeconds` and `queue` say how far the request has got; the finished file then becomes
 * `audioUrl`.
 */
import {
  createAsyncThunk,
  createSlice,
  type PayloadAction,
  type ThunkDispatch,
  type UnknownAction,
} from '@reduxjs/toolkit';
import {
  API_PATHS,
  MEDIA_TYPES,
  OUTPUT_FORMATS,
  type CaptionCue,
  type OutputFormat,
  type QueueEvent,
  type TextToSpeechRequest,
  TEXT_TO_SPEECH_MESSAGES,
} from '@ai-tools/contracts';
import { postSpeech } from './api-client.ts';
import { decodeBase64 } from './base64.ts';
import { getErrorMessage } from './get-error-message.ts';
import { createLiveSpeechPlayer } from './live-speech-player.ts';
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
};

interface AudioPayload {
  audioBase64?: unknown;
  format?: unknown;
  captions?: unknown;
}

/** docs/product.md section 7: audioBase64 at the top level or under data. */
function findAudio(body: unknown): AudioPayload | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const top = body as AudioPayload & { data?: AudioPayload };
  if (typeof top.audioBase64 === 'string' && top.audioBase64) return top;
  if (top.data && typeof top.data.audioBase64 === 'string' && top.data.audioBase64) return top.data;
  return undefined;
}

/**
 * The answer's captions when they are well formed; none otherwise (the audio still plays). Checked
 * by hand: zod stays out of the first page load, where this slice is.
 */
function readCaptions(value: unknown): CaptionCue[] {
  if (!Array.isArray(value)) return [];
  const cues = value.filter(
    (cue): cue is CaptionCue =>
      typeof cue === 'object' &&
      cue !== null &&
      typeof (cue as CaptionCue).start === 'number' &&
      typeof (cue as CaptionCue).end === 'number' &&
      typeof (cue as CaptionCue).text === 'string',
  );
  return cues.length === value.length ? cues : [];
}

function isOutputFormat(value: unknown): value is OutputFormat {
  return (OUTPUT_FORMATS as readonly unknown[]).includes(value);
}

/** What the page sends: the request of docs/product.md section 7, captions included when wanted. */
export type SpeechRequest = Omit<TextToSpeechRequest, 'captions'> & { captions?: boolean };

/** Speech kept in the store under `name`, with the thunks that make, replace and clear it. */
export function createSpokenAudioSlice<Name extends string>(name: Name) {
  const livePlayer = createLiveSpeechPlayer();

  const requestSpeech = createAsyncThunk<
    { audioUrl: string; format: OutputFormat; captions: CaptionCue[] },
    SpeechRequest,
    { rejectValue: string }
  >(`${name}/generate`, async (request, { dispatch, rejectWithValue, signal }) => {
    let body: unknown;
    try {
      body = await postSpeech<unknown>(API_PATHS.textToSpeech, request, {
        signal,
        onQueue: (queue) => dispatch(slice.actions.queueChanged(queue)),
        onAudio: (piece) => {
          livePlayer.play(piece);
          dispatch(slice.actions.pieceArrived(piece.endSeconds));
        },
      });
    } catch (error) {
      return rejectWithValue(getErrorMessage(error, TEXT_TO_SPEECH_MESSAGES.failed));
    }
    const audio = findAudio(body);
    if (!audio) return rejectWithValue(TEXT_TO_SPEECH_MESSAGES.noAudioData);
    const format = isOutputFormat(audio.format) ? audio.format : request.outputFormat;
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      bytes = decodeBase64(audio.audioBase64 as string);
    } catch {
      return rejectWithValue(TEXT_TO_SPEECH_MESSAGES.noAudioData);
    }
    // Cleared while decoding: the result is dropped, so no URL must be created for it.
    if (signal.aborted) return rejectWithValue(TEXT_TO_SPEECH_MESSAGES.failed);
    const blob = new Blob([bytes], { type: MEDIA_TYPES[format] });
    return { audioUrl: URL.createObjectURL(blob), format, captions: readCaptions(audio.captions) };
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
      livePlayer.stop();
      revokeAudio(getState);
      return running.track(dispatch(requestSpeech(request)));
    };
  }

  /** Clear: stops a running request, frees the audio and removes it from the store. */
  function clearAudio() {
    return (dispatch: Dispatch, getState: GetState) => {
      running.cancel();
      livePlayer.stop();
      revokeAudio(getState);
      dispatch(slice.actions.audioCleared());
    };
  }

  /** The visitor plays the finished file: the speech that played as it was made stops. */
  function stopLivePlayback() {
    return () => livePlayer.stop();
  }

  /** What a SpokenAudioPanel does when the visitor acts, through the page's dispatch. */
  function panelActions(dispatch: Dispatch) {
    return {
      onGenerate: (request: SpeechRequest) => void dispatch(generateSpeech(request)),
      onClear: () => dispatch(clearAudio()),
      onPlayFile: () => dispatch(stopLivePlayback()),
    };
  }

  return {
    reducer: slice.reducer,
    select: slice.selectors.select,
    generateSpeech,
    clearAudio,
    stopLivePlayback,
    panelActions,
  };
}
