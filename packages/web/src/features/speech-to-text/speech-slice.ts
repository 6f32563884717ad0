/**
 * docs/product.md section 3: speech { text, loading, error }, plus the timed segments the server
 * returns so the page can offer real subtitle files. The uploaded File never enters the store: the
 * thunk takes it as an argument.
 */
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  API_PATHS,
  SPEECH_LANGUAGE_FIELD,
  SPEECH_TASK_FIELD,
  SPEECH_UPLOAD_FIELD,
  SPEECH_WORDS_FIELD,
  type SpeechToTextResponse,
  type TranscriptionTask,
  type TranscriptSegment,
  SPEECH_TO_TEXT_MESSAGES,
} from '@ai-tools/contracts';
import { postForm } from '../../lib/api-client.ts';
import { getErrorMessage } from '../../lib/get-error-message.ts';
import { createRequestControls } from '../../lib/running-request.ts';
import { mergeWithNext, split, transcriptOf, withText, withTimes, without } from './cue-edits.ts';

export interface SpeechState {
  text: string;
  /** The subtitle cues, each with its words' times (for the word-by-word WebVTT). */
  segments: TranscriptSegment[];
  /** The language heard (ISO 639-1), once transcribed. */
  spokenLanguage: string | null;
  loading: boolean;
  error: string | null;
}

const initialState: SpeechState = {
  text: '',
  segments: [],
  spokenLanguage: null,
  loading: false,
  error: null,
};

/** What to transcribe: the file, the language spoken (empty: detect) and the task. */
export interface TranscriptionChoice {
  file: File;
  language: string;
  task: TranscriptionTask;
}

const requestTranscript = createAsyncThunk<
  { text: string; segments: TranscriptSegment[]; spokenLanguage: string | null },
  TranscriptionChoice,
  { rejectValue: string }
>('speech/transcribe', async ({ file, language, task }, { rejectWithValue, signal }) => {
  const form = new FormData();
  // The choices come before the file, so the server checks them before it reads the upload.
  form.append(SPEECH_LANGUAGE_FIELD, language);
  form.append(SPEECH_TASK_FIELD, task);
  form.append(SPEECH_WORDS_FIELD, 'true');
  form.append(SPEECH_UPLOAD_FIELD, file, file.name);
  try {
    const body = await postForm<Partial<SpeechToTextResponse>>(
      API_PATHS.speechToText,
      form,
      signal,
    );
    // docs/product.md section 4: a missing transcript is stored as an empty string.
    return {
      text: body.data?.transcript ?? '',
      segments: body.data?.segments ?? [],
      spokenLanguage: body.data?.spokenLanguage ?? body.data?.language ?? null,
    };
  } catch (error) {
    return rejectWithValue(getErrorMessage(error, SPEECH_TO_TEXT_MESSAGES.failed));
  }
});

const speechSlice = createSlice({
  name: 'speech',
  initialState,
  reducers: {
    /** docs/product.md section 4: a reset clears the text and error. */
    speechReset(state) {
      state.text = '';
      state.segments = [];
      state.spokenLanguage = null;
      state.error = null;
      state.loading = false;
    },
    /** The editor's changes: the cues change, and the transcript (subtitles.rtc) follows them. */
    cueTextChanged(state, action: PayloadAction<{ index: number; text: string }>) {
      state.segments = withText(state.segments, action.payload.index, action.payload.text);
      state.text = transcriptOf(state.segments);
    },
    cueTimesChanged(state, action: PayloadAction<{ index: number; start?: number; end?: number }>) {
      const { index, ...times } = action.payload;
      state.segments = withTimes(state.segments, index, times);
    },
    cueSplit(state, action: PayloadAction<{ index: number; at?: number }>) {
      state.segments = split(state.segments, action.payload.index, action.payload.at);
    },
    cueMergedWithNext(state, action: PayloadAction<{ index: number }>) {
      state.segments = mergeWithNext(state.segments, action.payload.index);
      state.text = transcriptOf(state.segments);
    },
    cueDeleted(state, action: PayloadAction<{ index: number }>) {
      state.segments = without(state.segments, action.payload.index);
      state.text = transcriptOf(state.segments);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(requestTranscript.pending, (state) => {
        state.loading = true;
        state.error = null;
        state.text = '';
        state.segments = [];
        state.spokenLanguage = null;
      })
      .addCase(requestTranscript.fulfilled, (state, action) => {
        state.loading = false;
        state.text = action.payload.text;
        state.segments = action.payload.segments;
        state.spokenLanguage = action.payload.spokenLanguage;
      })
      .addCase(requestTranscript.rejected, (state, action) => {
        // A cancelled request was replaced or cleared: whoever cancelled it owns the state now.
        if (action.meta.aborted) return;
        state.loading = false;
        state.error = action.payload ?? SPEECH_TO_TEXT_MESSAGES.failed;
      });
  },
  selectors: {
    selectSpeech: (state) => state,
  },
});

export const { selectSpeech } = speechSlice.selectors;
export const { cueTextChanged, cueTimesChanged, cueSplit, cueMergedWithNext, cueDeleted } =
  speechSlice.actions;
export const speechReducer = speechSlice.reducer;

const controls = createRequestControls(requestTranscript, speechSlice.actions.speechReset);

/** Sends the file for transcription; a newer file replaces a running request. */
export const transcribeAudio = controls.start;

/** Reset: stops a running transcription and clears the text and error. */
export const resetSpeech = controls.clear;
