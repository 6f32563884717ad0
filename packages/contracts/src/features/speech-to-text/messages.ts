/**
 * Everything speech to text says: its page, its upload and its engines' refusals (docs/product.md
 * sections 4, 5 and 8). Plain values, free of zod, so the website's first load may use them.
 */
import { SPEECH_TO_TEXT_LIMITS } from './facts.ts';

const UPLOAD_MAX_MEGABYTES = SPEECH_TO_TEXT_LIMITS.uploadMaxBytes / (1024 * 1024);
const AUDIO_MAX_MINUTES = SPEECH_TO_TEXT_LIMITS.audioMaxSeconds / 60;
const AUDIO_FILE_ONLY = 'Please add an audio file only.';

/** A length in whole hours when it is one ("2 hours"), else in minutes ("90 minutes"). */
function wordedLength(seconds: number): string {
  if (seconds % 3600 === 0) return seconds === 3600 ? '1 hour' : `${seconds / 3600} hours`;
  const minutes = Math.round(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export const SPEECH_TO_TEXT_MESSAGES = {
  addFileFirst: '* Add file first',
  audioFileOnly: AUDIO_FILE_ONLY,
  /** The cross mark prefix of docs/product.md section 5's audio-only alert. */
  audioFileOnlyAlert: `❌ ${AUDIO_FILE_ONLY}`,
  uploadLimits: `Audio files up to ${UPLOAD_MAX_MEGABYTES} MB and ${AUDIO_MAX_MINUTES} minutes.`,
  startTranscription: 'Start Generating Subtitles',
  processing: 'Processing...',
  processingAudio: 'Processing your audio...',
  noTextYet: 'No text generated yet',
  noTextToDownload: 'No text available to download!',
  /** The page's default error. */
  failed: 'Something went wrong while transcribing audio',

  fileTooLarge: `This file is larger than ${UPLOAD_MAX_MEGABYTES} MB. Please choose a shorter recording, or save it as MP3 to make it smaller, and try again.`,
  // The page checks the length before the upload and the server after it: one text for both.
  audioTooLong: `The audio is longer than ${AUDIO_MAX_MINUTES} minutes. Please trim it or split it into shorter parts and add them one at a time.`,
  uploadMissing: 'Please attach an audio file to transcribe.',
  uploadNotMultipart:
    "Send the audio as multipart/form-data, with the file in the form field 'file'.",
  uploadTooMany: 'Please upload one audio file at a time.',
  uploadIncomplete:
    'The upload stopped before the whole file arrived. Please choose the file and send it again.',
  uploadTooSlow: (minimumBytesPerSecond: number) =>
    `The upload arrived too slowly (under ${minimumBytesPerSecond < 1024 ? `${minimumBytesPerSecond} bytes` : `${Math.round(minimumBytesPerSecond / 1024)} KB`} a second) and was stopped. Please send it again on a steadier connection, or save the recording as MP3 to make it smaller.`,
  uploadEmpty: 'The uploaded file is empty. Please choose an audio file with sound in it.',
  uploadNotAudio:
    'The uploaded file is not audio we can read. Please upload MP3, WAV, M4A, AAC, OGG, Opus, WebM or FLAC.',
  audioHasNoSound:
    'The file holds no audio we can play. Please check the recording and upload it again.',

  languageUnknown:
    'language must be a language code Whisper knows, such as en, fr or ja; leave it out to detect the language.',
  taskInvalid: "task must be 'transcribe' or 'translate'.",
  wordsInvalid: "words must be 'true' or 'false'.",
  translationUnavailable:
    "Translation to English needs the Whisper model, and this server transcribes with the classic engine. Please transcribe without translation, or ask the site's operator to run `npm run models`.",
  languageUnavailable: (language: string) =>
    `The classic engine on this server hears English only, not ${language}. Please choose English or leave the language to detection, or ask the site's operator to run \`npm run models\`.`,
  /** The page's language choice, and what its first option means. */
  spokenLanguageLabel: 'Spoken language',
  detectLanguage: 'Detect automatically',
  spokenLanguageHint:
    'Choose the language if you know it: short clips and accents can fool the detection. Choose it before adding the file, or the file is transcribed again.',
  translateToEnglish: 'Translate to English',
  heardLanguage: (language: string, translated: boolean) =>
    translated ? `Heard in ${language}, translated to English.` : `Heard in ${language}.`,
  downloadWordTimedVtt: 'Download WebVTT, word by word',
  /** The subtitle editor. */
  editSubtitles: 'Edit the subtitles',
  editSubtitlesHint:
    'Correct a line, move its times, split or merge lines: the downloads follow your changes. Play starts your recording at the line.',
  yourRecording: 'Your recording',
  cueStart: (cue: number) => `Line ${cue} starts at (seconds)`,
  cueEnd: (cue: number) => `Line ${cue} ends at (seconds)`,
  cueText: (cue: number) => `Line ${cue} text`,
  play: 'Play',
  playCue: (cue: number) => `Play from line ${cue}`,
  split: 'Split',
  splitCue: (cue: number) => `Split line ${cue}`,
  merge: 'Merge with next',
  // The visible text first, as the accessible name must hold it.
  mergeCue: (cue: number) => `Merge with next: line ${cue}`,
  delete: 'Delete',
  deleteCue: (cue: number) => `Delete line ${cue}`,

  /** A long recording's job (API_PATHS.speechToTextJobs): its limits are the operator's. */
  jobFileTooLarge: (maxBytes: number) =>
    `This file is larger than ${Math.round(maxBytes / (1024 * 1024))} MB, the most this server takes. Please save it as MP3 to make it smaller, or split it into parts, and try again.`,
  jobAudioTooLong: (maxSeconds: number) =>
    `The audio is longer than ${wordedLength(maxSeconds)}, the most this server transcribes. Please split it into shorter parts and add them one at a time.`,
  jobNotFound:
    'This transcription does not exist, or its result has been deleted. Please upload the recording again.',
  /** The page's long recordings: sent as a job, followed by its address (`?job=`). */
  longRecordings:
    'Longer recordings, such as a podcast or a lecture, are transcribed in the background.',
  longRecordingNote:
    'This recording is long, so it is transcribed in the background: you may leave or reload this page, and its address brings you back to the transcription.',
  jobProgressLabel: 'Transcribing your recording',
  jobProgress: (done: string, total: string | undefined, percent: number) =>
    total ? `${percent}% done: ${done} of ${total} heard.` : `${percent}% done: ${done} heard.`,
  jobTimeLeft: (left: string) => `About ${left} left.`,
  jobStarting: 'Reading your recording and finding the speech in it…',
  jobTextSoFar: 'The text so far:',
  cancelJob: 'Cancel transcription',
  jobCancelled: 'The transcription was cancelled and its text deleted.',
  jobKeptUntil: (time: string) =>
    `Your transcript is kept on this server until ${time}, then deleted. Download it before then.`,
  jobAlreadyRunning:
    'You already have a recording being transcribed. Wait for it to finish, or cancel it, then send the next one.',

  recognitionFailed: 'The speech recogniser could not read this audio. Please try another file.',
  voiceDetectorMissing:
    'Transcription needs the Silero VAD model: run `npm install` (package @ricky0123/vad-web) or `npm run models`.',
  recogniserMissing:
    'Transcription needs pocketsphinx with its en-us model (Debian packages pocketsphinx and pocketsphinx-en-us: run `npm install` as root), or a Whisper model from `npm run models`.',
} as const;
