/**
 * Speech to text: stores the upload in the request's temporary folder, checks by its content that
 * it is audio and not too long, decodes it to 16 kHz mono samples and has the engine transcribe
 * them. The folder is gone when the call returns, whatever happened.
 */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  LIMITS,
  speechToTextOptionsSchema,
  type SpeechToTextOptions,
  type SpeechToTextResult,
  SPEECH_TO_TEXT_MESSAGES,
} from '@ai-tools/contracts';
import type { AudioProbe } from '../../audio/probe.ts';
import { decodeToSamples } from '../../audio/decode.ts';
import { ProgramExitedError } from '../../child-process.ts';
import { probeAudio } from '../../audio/probe.ts';
import { withTemporaryFolder } from '../../audio/temporary-folder.ts';
import {
  TRANSCRIPTION_SAMPLE_RATE,
  type EngineRequestOptions,
  type Transcriber,
  type Transcription,
} from '../../providers/types.ts';
import { subtitleCues } from './subtitle-cues.ts';
import { AudioTooLongError, InvalidAudioError, ValidationError } from '../../errors.ts';

export interface SpeechToTextDependencies {
  transcriber: Transcriber;
  /** Where the request's temporary folder goes (config TEMP_DIR). */
  temporaryRoot: string;
}

/** The visitor's file, still unread until it has a place to go (audio-upload.ts beside this file). */
export interface ReceivedUpload {
  /**
   * The form's text fields: those sent before the file at once, those after it once `saveTo` has
   * read the body to its end.
   */
  fields: Readonly<Record<string, string>>;
  /**
   * Writes the file to `path`. A broken or cut-off upload fails with a 400, one past the size
   * limit with a 413, an abort with GenerationAbortedError.
   */
  saveTo(path: string, signal?: AbortSignal): Promise<void>;
}

export async function speechToText(
  upload: ReceivedUpload,
  { transcriber, temporaryRoot }: SpeechToTextDependencies,
  { signal, visitor }: EngineRequestOptions = {},
): Promise<SpeechToTextResult> {
  // Fields sent before the file are checked before the file is read: a wrong language costs no
  // upload.
  readOptions(upload.fields);
  return withTemporaryFolder(temporaryRoot, async (folder) => {
    const path = join(folder, 'upload');
    await upload.saveTo(path, signal);
    const { language, task, words } = readOptions(upload.fields);
    const limit = {
      maxSeconds: LIMITS.audioMaxSeconds,
      message: SPEECH_TO_TEXT_MESSAGES.audioTooLong,
    };
    const probe = await probeUpload(path, limit, signal);
    const samples = await decodeUpload(path, probe, limit, signal);
    const durationSeconds = secondsOf(samples);
    const transcription = await transcriber.transcribe({
      samples,
      language,
      task,
      signal,
      visitor,
    });
    return transcriptionResult(transcription, {
      task,
      words,
      durationSeconds,
      engine: transcriber.status().engine,
    });
  });
}

/** The longest audio a call takes, and what it answers to a longer one (413). */
export interface AudioLengthLimit {
  maxSeconds: number;
  message: string;
}

/**
 * Checks by its content that the saved upload is audio, and not longer than the limit where its
 * container says how long it is: 400 or 413 otherwise, before anything is decoded.
 */
export async function probeUpload(
  path: string,
  limit: AudioLengthLimit,
  signal?: AbortSignal,
): Promise<AudioProbe> {
  if ((await stat(path)).size === 0)
    throw new InvalidAudioError(SPEECH_TO_TEXT_MESSAGES.uploadEmpty);
  const probe = await probeAudio(path, signal);
  if (!probe) throw new InvalidAudioError(SPEECH_TO_TEXT_MESSAGES.uploadNotAudio);
  if (probe.durationSeconds !== undefined && probe.durationSeconds > limit.maxSeconds) {
    throw new AudioTooLongError(limit.message);
  }
  return probe;
}

/** The upload as 16 kHz mono samples; 400 when it holds none, 413 when it hid its real length. */
export async function decodeUpload(
  path: string,
  probe: AudioProbe,
  limit: AudioLengthLimit,
  signal?: AbortSignal,
): Promise<Float32Array> {
  // One second past the limit is enough to tell a file that hid its length is too long.
  const samples = await decodeToSamples({
    path,
    sampleRate: TRANSCRIPTION_SAMPLE_RATE,
    maxSeconds: limit.maxSeconds + 1,
    expectedSeconds: probe.durationSeconds,
    signal,
  }).catch((error: unknown) => {
    if (error instanceof ProgramExitedError)
      throw new InvalidAudioError(SPEECH_TO_TEXT_MESSAGES.uploadNotAudio);
    throw error;
  });
  if (samples.length === 0) throw new InvalidAudioError(SPEECH_TO_TEXT_MESSAGES.audioHasNoSound);
  if (samples.length > limit.maxSeconds * TRANSCRIPTION_SAMPLE_RATE) {
    throw new AudioTooLongError(limit.message);
  }
  return samples;
}

/** The samples' length in seconds, to the millisecond. */
export function secondsOf(samples: Float32Array): number {
  return Math.round((samples.length / TRANSCRIPTION_SAMPLE_RATE) * 1000) / 1000;
}

/** The answer made of an engine's transcription: its text, and its segments as subtitle cues. */
export function transcriptionResult(
  transcription: Transcription,
  {
    task,
    words,
    durationSeconds,
    engine,
  }: Pick<SpeechToTextOptions, 'task' | 'words'> & { durationSeconds: number; engine: string },
): SpeechToTextResult {
  return {
    transcript: transcription.text.trim(),
    language: task === 'translate' ? 'en' : transcription.language,
    spokenLanguage: transcription.language,
    task,
    segments: subtitleCues(transcription.segments, durationSeconds).map((cue) =>
      words ? cue : { start: cue.start, end: cue.end, text: cue.text },
    ),
    durationSeconds,
    engine,
  };
}

/** The language and task the form asks for; a 400 that says what is wrong otherwise. */
export function readOptions(fields: Readonly<Record<string, string>>): SpeechToTextOptions {
  const parsed = speechToTextOptionsSchema.safeParse(fields);
  if (!parsed.success) {
    throw new ValidationError(parsed.error.issues[0]?.message ?? SPEECH_TO_TEXT_MESSAGES.failed);
  }
  return parsed.data;
}
