/**
 * Every user-facing message, once (docs/product.md sections 5 and 8, and the server's own answers).
 */
import { LIMITS } from './limits.ts';

/** docs/product.md section 5: contact form validation. */
export const CONTACT_MESSAGES = {
  nameRequired: 'Please enter your name',
  emailRequired: 'Please enter your email',
  emailInvalid: 'Invalid email format',
  subjectRequired: 'Please enter the subject',
  messageRequired: 'Please Enter Your Message',
  messageTooShort: 'Message must be at least 10 characters long',
  sent: 'Message sent successfully!',
} as const;

/** docs/product.md section 8: client-side messages. */
export const CLIENT_MESSAGES = {
  noAudioData: 'No audio data found in response',
  enterTextFirst: '* Please enter text first',
  addFileFirst: '* Add file first',
  audioFileOnly: 'Please add an audio file only.',
  noTextToDownload: 'No text available to download!',
  noScriptToDownload: 'No script available to download!',
  fillAllRequiredFields: 'Please fill all required fields',
  blogGenerated: 'Blog generated successfully!',
} as const;

/** docs/product.md sections 2 and 4: what a control or a result panel says in each state. */
export const STATE_TEXTS = {
  generating: 'Generating...',
  sending: 'Sending...',
  sendMessage: 'Send Message',
  processing: 'Processing...',
  startTranscription: 'Start Generating Subtitles',
  processingAudio: 'Processing your audio...',
  noTextYet: 'No text generated yet',
  generatingScript: 'Generating script...',
  noScriptYet: 'No script generated yet',
  noAudioYet: 'No audio generated yet.',
  copyToClipboard: 'Copy to clipboard',
  copied: 'Copied!',
} as const;

/** docs/product.md section 8: the default error text of each feature. */
export const DEFAULT_ERRORS = {
  contact: 'Failed to send message',
  textToSpeech: 'Failed to fetch TTS',
  speechToText: 'Something went wrong while transcribing audio',
  videoScript: 'Something went wrong',
  blogServer: 'Server Error',
  blogUnsuccessful: 'Failed to generate blog',
  blogSlice: 'Something went wrong!',
  story: 'Something went wrong',
} as const;

/** The server's own answers. Each says what happened and what to do next. */
export const SERVER_MESSAGES = {
  notFound: 'This API path does not exist.',
  methodNotAllowed: (allowed: readonly string[]) =>
    `This API path answers ${allowed.join(' or ')} requests only.`,
  pageNotFound: 'Not found: pages are fetched with GET.',
  internal: 'Something went wrong on our side. Please try again in a moment.',
  invalidJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request is too large.',
  rateLimited: 'Too many requests. Please wait a minute and try again.',
  badRequest: 'The request could not be read. Please check its address and headers and try again.',
  bodyTimedOut:
    'The request body took too long to arrive. Please check your connection and try again.',
  idempotencyKeyInvalid:
    'The Idempotency-Key header must be 1 to 200 visible characters (letters, digits and - _ . : are fine).',
  engineBusy: (jobsAhead: number, seconds: number) =>
    `The server is busy: ${jobsAhead} ${jobsAhead === 1 ? 'request is' : 'requests are'} ahead of yours. Please try again in about ${seconds} seconds.`,
  visitorHasJob:
    'You already have a request running on this tool. Wait for it to finish (or stop it), then try again.',
  textGenerationUnavailable:
    'The writers need a text model: run `npm run models` to download one, or set AI_PROVIDER=openai-compatible with an API address and key.',
  textModelUnreadable:
    'The text model file could not be loaded: run `npm run models` to download it again, or set TEXT_MODEL to another model or a working GGUF file.',
} as const;

const UPLOAD_MAX_MEGABYTES = LIMITS.uploadMaxBytes / (1024 * 1024);
const AUDIO_MAX_MINUTES = LIMITS.audioMaxSeconds / 60;

/** The tool pages' own notes beyond the fixed texts above; each says what to do next. */
export const TOOL_MESSAGES = {
  /** The cross mark prefix of docs/product.md section 5's audio-only alert. */
  audioFileOnlyAlert: `❌ ${CLIENT_MESSAGES.audioFileOnly}`,
  fileTooLarge: `This file is larger than ${UPLOAD_MAX_MEGABYTES} MB. Please choose a shorter recording, or save it as MP3 to make it smaller, and try again.`,
  uploadLimits: `Audio files up to ${UPLOAD_MAX_MEGABYTES} MB and ${AUDIO_MAX_MINUTES} minutes.`,
  engineStatusUnavailable:
    'Could not check which AI engine serves this tool. You can still try it; if it fails, reload the page in a minute.',
  engineNotReady: 'This tool is not available on this server yet.',
  /** Shown under the bare DEFAULT_ERRORS texts, which do not say what to do next. */
  genericErrorHint:
    'Please try again in a moment. If it keeps failing, reload the page, or try a shorter text or file.',
  audioTooLong: `This recording is longer than ${AUDIO_MAX_MINUTES} minutes. Please cut it into shorter parts and add them one at a time.`,
} as const;

/** The API's answers to bad uploads, unreadable audio, odd text and slow work. */
export const API_MESSAGES = {
  uploadMissing: 'Please attach an audio file to transcribe.',
  uploadNotMultipart:
    "Send the audio as multipart/form-data, with the file in the form field 'file'.",
  uploadTooMany: 'Please upload one audio file at a time.',
  uploadIncomplete:
    'The upload stopped before the whole file arrived. Please choose the file and send it again.',
  uploadEmpty: 'The uploaded file is empty. Please choose an audio file with sound in it.',
  uploadNotAudio:
    'The uploaded file is not audio we can read. Please upload MP3, WAV, M4A, AAC, OGG, Opus, WebM or FLAC.',
  audioTooLong: `The audio is longer than ${AUDIO_MAX_MINUTES} minutes. Please trim it or split it into parts and try again.`,
  audioHasNoSound:
    'The file holds no audio we can play. Please check the recording and upload it again.',
  nothingToSpeak: 'The text has nothing to read aloud. Please enter words, not only symbols.',
  speechTooLong: (estimatedMinutes: number, maxMinutes: number) =>
    `This would make about ${estimatedMinutes} minutes of audio, more than the ${maxMinutes} minutes one request may make. Please shorten the text or choose a faster speed.`,
  speechEmpty: 'The speech engine returned no audio. Please try again.',
  audioProcessingFailed: 'The server could not process the audio. Please try again in a moment.',
  unsupportedContentType:
    'This kind of request body is not accepted here. Send JSON with Content-Type: application/json.',
  timedOut:
    'The request took too long and was stopped. Please try again, with a shorter text or file if you can.',
} as const;

/**
 * What the engines and AI services answer when they cannot do the work. A visitor reads them, so
 * each says what to do next; an operator's part names the setting to change.
 */
export const ENGINE_MESSAGES = {
  speechFailed: 'The speech engine could not read this text. Please change the text and try again.',
  languageNotSpoken: (language: string) =>
    `No voice here speaks this text's language (${language}). Please write it in English or in another language our voices speak, such as Spanish, French, Hindi or Chinese.`,
  speedFailed: 'The speech could not be prepared at this speed. Please try another speed.',
  recognitionFailed: 'The speech recogniser could not read this audio. Please try another file.',
  writingTooSlow:
    'Writing took too long and was stopped. Please try again, or ask for something shorter.',
  resultEmpty: (what: string) => `The ${what} came back empty. Please try again.`,
  speechPackagesMissing: (packages: string, missing: readonly string[]) =>
    `Speech needs the Debian packages ${packages}${missing.length > 0 ? ` (missing: ${missing.join(', ')})` : ''}: run \`npm install\` as root, or \`apt-get install ${packages}\`.`,
  voiceDetectorMissing:
    'Transcription needs the Silero VAD model: run `npm install` (package @ricky0123/vad-web) or `npm run models`.',
  recogniserMissing:
    'Transcription needs pocketsphinx with its en-us model (Debian packages pocketsphinx and pocketsphinx-en-us: run `npm install` as root), or a Whisper model from `npm run models`.',
  // The service's address stays out of these texts (a self-hosted one may be private); the
  // server's log has it.
  serviceTimedOut: 'The AI service took too long to answer. Please try again in a moment.',
  serviceUnreachable: 'The AI service could not be reached. Please try again in a moment.',
  serviceKeyRefused: (apiKeyVariable: string) =>
    `The AI service refused the server's API key. The site's operator must set a valid ${apiKeyVariable}.`,
  serviceModelMissing: (
    model: string,
    path: string,
    variables: { model: string; baseUrl: string },
  ) =>
    `The AI service has no model "${model}" or no ${path} endpoint. The site's operator must check ${variables.model} and ${variables.baseUrl}.`,
  serviceQuotaUsed: (apiKeyVariable: string) =>
    `The AI service says the account's quota is used up. The site's operator must add credit or change ${apiKeyVariable}.`,
  serviceBusy: (seconds: number) =>
    `The AI service is busy right now. Please try again in ${seconds} seconds.`,
  serviceFailed: (status: number) =>
    `The AI service failed to answer (error ${status}). Please try again in a moment.`,
  serviceRejected: (status: number) =>
    `The AI service rejected the request (error ${status}). Please try again with different input.`,
  serviceReplyUnreadable: (what: string, baseUrlVariable: string) =>
    `The AI service sent ${what} this site cannot read. Please try again, or ask the site's operator to check ${baseUrlVariable}.`,
} as const;

/** The website's own words when a call fails before the server could say why. */
export const REQUEST_MESSAGES = {
  unreachable: 'Could not reach the server. Check your connection and try again.',
  serverAnswered: (status: number) => `The server answered ${status}. Please try again.`,
  /** A streamed answer that ended, or broke off, before its final event. */
  answerCutOff: 'The answer broke off before it was complete. Please press Generate to try again.',
} as const;

/** The writers' pages while a text streams in (contracts/streaming.ts). */
/** Text to speech while the speech streams in (contracts/streaming.ts). */
export const SPEECH_STREAM_MESSAGES = {
  /** `made` is already worded, such as "12 s". */
  playingWhileMade: (made: string) => `Playing while the rest is made: ${made} of audio so far.`,
} as const;

/** The writers' results read aloud: the script's voice-over and the blog's and story's Listen. */
export const READ_ALOUD_MESSAGES = {
  voiceOver:
    'Reads the Voiceover lines of your script (no headings, on-screen text or B-roll cues), with captions timed to the audio.',
  blog: 'Reads your post aloud in the voice you choose, with captions timed to the audio.',
  story:
    'Reads your story aloud, in its language where a voice of that language exists, with captions timed to the audio.',
  excerpt: (maxCharacters: number) =>
    `Only the beginning is read: one request speaks up to ${maxCharacters} characters.`,
} as const;

export const WRITER_MESSAGES = {
  /** `wait` is already worded, such as "40 s" or "2 min 5 s". */
  queued: (ahead: number, wait: string) =>
    `${ahead} ${ahead === 1 ? 'request' : 'requests'} ahead of you, about ${wait}`,
  stopped: 'Stopped. The text written so far stays below; press Generate to write a new one.',
  stop: 'Stop',
} as const;
