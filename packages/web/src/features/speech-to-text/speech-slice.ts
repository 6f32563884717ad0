/**
 * docs/product.md section 3: speech { text, loading, error }, plus the timed segments the server
 * returns so the page can offer real subtitle files. The uploaded File never enters the store: the
 * thunk takes it as an argument. A long recording (issue 25) is sent as a background job instead,
 * followed until it ends: `job` holds where it stands, and its text so far fills `text`.
 */
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  API_PATHS,
  speechToTextJobPath,
  SPEECH_LANGUAGE_FIELD,
  SPEECH_TASK_FIELD,
  SPEECH_UPLOAD_FIELD,
  SPEECH_WORDS_FIELD,
  type SpeechToTextResponse,
  type SpeechToTextResult,
  type TranscriptionJob,
  type TranscriptionJobResponse,
  type TranscriptionTask,
  type TranscriptSegment,
  SPEECH_TO_TEXT_MESSAGES,
  TIMINGS,
} from '@ai-tools/contracts';
import { deleteJson, getJson, isAbort, postForm } from '../../lib/api-client.ts';
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
  /** A long recording's job: its id (kept in the page's address), state and progress. */
  job: Omit<TranscriptionJob, 'transcript' | 'segments' | 'result'> | null;
}

const initialState: SpeechState = {
  text: '',
  segments: [],
  spokenLanguage: null,
  loading: false,
  error: null,
  job: null,
};

type Transcript = Pick<SpeechState, 'text' | 'segments' | 'spokenLanguage'>;

function transcriptOfResult(result: Partial<SpeechToTextResult> | undefined): Transcript {
  // docs/product.md section 4: a missing transcript is stored as an empty string.
  return {
    text: result?.transcript ?? '',
    segments: result?.segments ?? [],
    spokenLanguage: result?.spokenLanguage ?? result?.language ?? null,
  };
}

/** The form of a transcription: the choices come before the file, so the server checks them first. */
function transcriptionForm({ file, language, task }: TranscriptionChoice): FormData {
  const form = new FormData();
  form.append(SPEECH_LANGUAGE_FIELD, language);
  form.append(SPEECH_TASK_FIELD, task);
  form.append(SPEECH_WORDS_FIELD, 'true');
  form.append(SPEECH_UPLOAD_FIELD, file, file.name);
  return form;
}

/** What to transcribe: the file, the language spoken (empty: detect) and the task. */
export interface TranscriptionChoice {
  file: File;
  language: string;
  task: TranscriptionTask;
}

/**
 * The job this page follows, so a replaced or reset one is cancelled on the server: its text is
 * deleted at once, and the visitor's next job is not refused as a second one at work.
 */
let cancelling: Promise<unknown> = Promise.resolve();

function cancelJobOnServer(jobId: string) {
  // A job already ended or deleted answers 404: nothing is left to cancel either way.
  cancelling = deleteJson(speechToTextJobPath(jobId)).catch(() => undefined);
}

/**
 * A finished job's result stays on the server until it expires: once the visitor moves on (a new
 * file, Reset) it is deleted now, as the privacy text promises. A job still at work is cancelled
 * by its request's abort instead.
 */
function deleteEndedJob(state: unknown) {
  const { job } = (state as { speech: SpeechState }).speech;
  if (job && (job.status === 'done' || job.status === 'failed')) cancelJobOnServer(job.jobId);
}

function waitFor(milliseconds: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, milliseconds);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('The transcription was stopped.', 'AbortError'));
      },
      { once: true },
    );
  });
}

/**
 * Follows a job until it ends, telling the store where it stands after each look. Stopping (a
 * reset, a newer file) cancels the job on the server.
 */
async function followJob(
  job: TranscriptionJob,
  dispatch: (action: ReturnType<typeof speechSlice.actions.jobUpdated>) => unknown,
  signal: AbortSignal,
): Promise<Transcript> {
  const stop = () => cancelJobOnServer(job.jobId);
  signal.addEventListener('abort', stop, { once: true });
  try {
    for (;;) {
      dispatch(speechSlice.actions.jobUpdated(job));
      if (job.status === 'done') return transcriptOfResult(job.result);
      if (job.status === 'failed') throw new Error(job.error?.message ?? '');
      if (job.status === 'cancelled') throw new Error(SPEECH_TO_TEXT_MESSAGES.jobCancelled);
      await waitFor(TIMINGS.transcriptionJobPollMs, signal);
      job = (await getJson<TranscriptionJobResponse>(speechToTextJobPath(job.jobId), signal)).data;
    }
  } finally {
    signal.removeEventListener('abort', stop);
  }
}

/** How a transcription is asked: at once, as a background job, or a job followed again. */
type TranscriptionRequest =
  | { way: 'direct'; choice: TranscriptionChoice }
  | { way: 'job'; choice: TranscriptionChoice }
  | { way: 'resume'; jobId: string };

async function transcribe(
  request: TranscriptionRequest,
  dispatch: Parameters<typeof followJob>[1],
  signal: AbortSignal,
): Promise<Transcript> {
  if (request.way === 'direct') {
    const body = await postForm<Partial<SpeechToTextResponse>>(
      API_PATHS.speechToText,
      transcriptionForm(request.choice),
      signal,
    );
    return transcriptOfResult(body.data);
  }
  // The server holds one job per visitor: a replaced one must be gone before the next is sent.
  await cancelling;
  const body =
    request.way === 'job'
      ? await postForm<TranscriptionJobResponse>(
          API_PATHS.speechToTextJobs,
          transcriptionForm(request.choice),
          signal,
        )
      : await getJson<TranscriptionJobResponse>(speechToTextJobPath(request.jobId), signal);
  return followJob(body.data, dispatch, signal);
}

const requestTranscription = createAsyncThunk<
  Transcript,
  TranscriptionRequest,
  { rejectValue: string }
>('speech/transcribe', async (request, { dispatch, getState, rejectWithValue, signal }) => {
  deleteEndedJob(getState());
  try {
    return await transcribe(request, dispatch, signal);
  } catch (error) {
    if (isAbort(error)) throw error;
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
      state.job = null;
    },
    /** A job's latest state: its progress, and its text so far shown while it runs. */
    jobUpdated(state, action: PayloadAction<TranscriptionJob>) {
      const { transcript, segments, result, ...job } = action.payload;
      state.job = job;
      if (result === undefined) {
        state.text = transcript ?? '';
        state.segments = segments ?? [];
      }
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
      .addCase(requestTranscription.pending, (state, action) => {
        state.loading = true;
        state.error = null;
        state.text = '';
        state.segments = [];
        state.spokenLanguage = null;
        // A job keeps its place until its first answer; a direct request has none.
        if (action.meta.arg.way === 'direct') state.job = null;
      })
      .addCase(requestTranscription.fulfilled, (state, action) => {
        state.loading = false;
        state.text = action.payload.text;
        state.segments = action.payload.segments;
        state.spokenLanguage = action.payload.spokenLanguage;
      })
      .addCase(requestTranscription.rejected, (state, action) => {
        // A cancelled request was replaced or cleared: whoever cancelled it owns the state now.
        if (action.meta.aborted) return;
        state.loading = false;
        state.text = '';
        state.segments = [];
        state.error = action.payload || SPEECH_TO_TEXT_MESSAGES.failed;
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

// One request runs at a time, whichever way it was sent: starting one cancels the other.
const controls = createRequestControls(requestTranscription, speechSlice.actions.speechReset);

/** Sends the file for transcription; a newer file replaces a running request. */
export const transcribeAudio = (choice: TranscriptionChoice) =>
  controls.start({ way: 'direct', choice });

/** Sends a long recording as a background job and follows it; it replaces a running request. */
export const transcribeAsJob = (choice: TranscriptionChoice) =>
  controls.start({ way: 'job', choice });

/** Follows a job again after a reload, from its id in the page's address. */
export const resumeTranscriptionJob = (jobId: string) => controls.start({ way: 'resume', jobId });

/**
 * Reset: stops a running transcription (cancelling its job), deletes a finished job's result, and
 * clears the text and error.
 */
export const resetSpeech =
  () => (dispatch: Parameters<ReturnType<typeof controls.clear>>[0], getState: () => unknown) => {
    deleteEndedJob(getState());
    controls.clear()(dispatch);
  };
