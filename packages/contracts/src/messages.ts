/**
 * The messages no single tool owns: the server's own answers, the AI service's refusals, what the
 * three writers share, the pages' common controls and the website's words when a call fails. Each
 * tool's own messages are in its folder (features/<tool>/messages.ts); a test keeps every text in
 * one place only.
 */
import type { Capability } from './tool-descriptor.ts';
import { BUSY_TOOL_TEXTS, type ToolLink } from './tools.ts';
import { ADDITIONAL_INFO_MAX_LENGTH } from './writer-facts.ts';

/** How a message names each capability (SERVER_MESSAGES.noWorker). */
const CAPABILITY_TEXTS: Record<Capability, string> = {
  speech: 'speech',
  transcription: 'transcription',
  text: 'writing',
};

/** The server's own answers. Each says what happened and what to do next. */
export const SERVER_MESSAGES = {
  notFound: 'This API path does not exist.',
  methodNotAllowed: (allowed: readonly string[]) =>
    `This API path answers ${allowed.join(' or ')} requests only.`,
  pageNotFound: 'Not found: pages are fetched with GET.',
  internal: 'Something went wrong on our side. Please try again in a moment.',
  invalidJson: 'The request body is not valid JSON.',
  bodyMustBeObject: 'The request body must be a JSON object.',
  fieldMustBeOneOf: (field: string, values: readonly (string | number)[]) =>
    `${field} must be one of: ${values.join(', ')}.`,
  bodyTooLarge: 'The request is too large.',
  unsupportedContentType:
    'This kind of request body is not accepted here. Send JSON with Content-Type: application/json.',
  rateLimited: 'Too many requests. Please wait a minute and try again.',
  badRequest: 'The request could not be read. Please check its address and headers and try again.',
  bodyTimedOut:
    'The request body took too long to arrive. Please check your connection and try again.',
  timedOut:
    'The request took too long and was stopped. Please try again, with a shorter text or file if you can.',
  engineBusy: (jobsAhead: number, seconds: number) =>
    `The server is busy: ${jobsAhead} ${jobsAhead === 1 ? 'request is' : 'requests are'} ahead of yours. Please try again in about ${seconds} seconds.`,
  /**
   * A visitor's second request to an engine that already works (or has a place in line) for them:
   * named after what holds it, which may be another tool's page sharing the engine, in another tab.
   */
  visitorHasJob: (busyTool?: ToolLink) =>
    `You already have ${busyTool ? BUSY_TOOL_TEXTS[busyTool] : 'a request running on this engine'}, in this tab or another. Wait for it to finish (or stop it), then try again.`,
  /** Decoding, probing or encoding audio failed, for speech or for an upload. */
  audioProcessingFailed: 'The server could not process the audio. Please try again in a moment.',
  /**
   * With AI workers on a shared queue (AI_WORKERS=remote): no worker process serves the engine the
   * request needs, or the queue's Redis cannot be reached, or the worker that ran the job stopped.
   */
  noWorker: (capability: Capability) =>
    `No AI worker for ${CAPABILITY_TEXTS[capability]} is running on this site right now. Please try again in a few minutes.`,
  workQueueUnreachable:
    'The AI work queue cannot be reached right now. Please try again in a few seconds.',
  workerStopped:
    'The AI worker that was serving your request stopped before it finished. Please try again.',
} as const;

/**
 * What an OpenAI-compatible AI service's failures become. A visitor reads them, so each says what
 * to do next; an operator's part names the setting to change. The service's address stays out of
 * them (a self-hosted one may be private); the server's log has it.
 */
export const AI_SERVICE_MESSAGES = {
  timedOut: 'The AI service took too long to answer. Please try again in a moment.',
  unreachable: 'The AI service could not be reached. Please try again in a moment.',
  keyRefused: (apiKeyVariable: string) =>
    `The AI service refused the server's API key. The site's operator must set a valid ${apiKeyVariable}.`,
  modelMissing: (model: string, path: string, variables: { model: string; baseUrl: string }) =>
    `The AI service has no model "${model}" or no ${path} endpoint. The site's operator must check ${variables.model} and ${variables.baseUrl}.`,
  quotaUsed: (apiKeyVariable: string) =>
    `The AI service says the account's quota is used up. The site's operator must add credit or change ${apiKeyVariable}.`,
  busy: (seconds: number) =>
    `The AI service is busy right now. Please try again in ${seconds} seconds.`,
  failed: (status: number) =>
    `The AI service failed to answer (error ${status}). Please try again in a moment.`,
  rejected: (status: number) =>
    `The AI service rejected the request (error ${status}). Please try again with different input.`,
  replyUnreadable: (what: string, baseUrlVariable: string) =>
    `The AI service sent ${what} this site cannot read. Please try again, or ask the site's operator to check ${baseUrlVariable}.`,
} as const;

/** What the three writers (video script, blog, story) share. */
export const WRITER_MESSAGES = {
  /** The video script's and the story's default error (docs/product.md section 8). */
  failed: 'Something went wrong',
  additionalInfoNotText: 'additionalInfo must be text.',
  additionalInfoTooLong: `additionalInfo must be at most ${ADDITIONAL_INFO_MAX_LENGTH} characters.`,
  /**
   * A request waiting for the engine (the writers' and the speech's); `wait` is already worded,
   * such as "40 s" or "2 min 5 s".
   */
  queued: (ahead: number, wait: string) => `Waiting in line: ${ahead} ahead, about ${wait}`,
  stop: 'Stop',
  /** While the writer works on what the page does not show yet (contracts' WriterStep). */
  planning: 'Planning the outline first; the text follows in a moment.',
  rewriting: 'Rewriting a part that did not pass its check…',
  startingPart: 'Starting the next part…',
  stopped: 'Stopped. The text written so far stays below; press Generate to write a new one.',
  writingTooSlow:
    'Writing took too long and was stopped. Please try again, or ask for something shorter.',
  resultEmpty: (what: string) => `The ${what} came back empty. Please try again.`,
  /** The writer's outline came back without its labelled lines twice: nothing to write against. */
  planUnreadable: (what: string) =>
    `The outline for the ${what} came back in a form the writer could not follow. Please try again.`,
  /** Over a finished text that still fails the writer's check after its rewrite. */
  draftHasProblems: (problems: readonly string[]) =>
    `This draft has problems: ${problems.join('; ')}. Press Retry to write a new one.`,
  retry: 'Retry',
  /** The result panel's title over a text that is not whole. */
  stoppedPartialDraft: 'Stopped: partial draft',
  cutOffAtTimeLimit: 'Cut off at the time limit',
  /** A text that a failure ended partway (the visitor did not stop it). */
  partialDraft: 'Partial draft',
  draftWithProblems: 'Draft with problems',
  /** Beside the copy, download and voice-over of a text that is not whole. */
  partialDraftNote: 'This is a partial draft: it ends where the writing stopped.',
  textGenerationUnavailable:
    'The writers need a text model: run `npm run models` to download one, or set AI_PROVIDER=openai-compatible with an API address and key.',
  textModelUnreadable:
    'The text model file could not be loaded: run `npm run models` to download it again, or set TEXT_MODEL to another model or a working GGUF file.',
} as const;

/**
 * What a writer's check finds wrong with a finished text (server/src/writers/draft-check.ts), in
 * the words the visitor reads after "This draft has problems:".
 */
export const DRAFT_PROBLEM_MESSAGES = {
  titleCount: (count: number) =>
    count === 0 ? 'it has no title' : `it has ${count} titles instead of one`,
  repeatedHeading: (heading: string) => `the heading "${heading}" appears twice`,
  frameSection: (heading: string) =>
    `the section "${heading}" repeats the introduction or the conclusion`,
  placeholder: (token: string) => `it contains the placeholder "${token}"`,
  otherScript: (sample: string) => `it contains text in another writing system ("${sample}")`,
  otherLanguage: (sample: string, language: string) =>
    `it has a passage that is not in ${language} ("${sample}…")`,
  unfinishedLine: (ending: string) => `a line stops mid-sentence ("…${ending}")`,
  gluedWords: (word: string) => `the words "${word}" run together`,
  chatter: (phrase: string) => `it talks to the reader like a chatbot ("${phrase}")`,
  instructions: (phrase: string) => `it repeats the writing instructions ("${phrase}")`,
  missingElement: (element: string) => `it leaves out "${element}"`,
  repeatedSentence: (sentence: string) => `it says "${sentence}" twice`,
  length: (words: number, lowest: number, highest: number) =>
    `it has ${words} words where ${lowest} to ${highest} were asked for`,
  paragraphs: (count: number, wanted: number) =>
    `it has ${count === 0 ? 'none' : `only ${count}`} of the ${wanted} paragraphs asked for`,
  speakingTime: (seconds: number, target: number) =>
    `its voice-over takes about ${seconds} s to read where the video lasts ${target} s`,
  openEmphasis: 'a bold or italic mark is left open',
  openQuote: 'a quotation mark is left open',
  openBracket: 'a bracket is left open or closed without being opened',
  mixedList: 'a list mixes numbers and bullets',
  emptyCue: (label: string) => `the ${label} says nothing`,
  cueNotAShot: (label: string, cue: string) =>
    `the ${label} talks to the viewer instead of naming a shot ("${cue}")`,
} as const;

/** The tool pages' common controls and notes (docs/product.md sections 2 and 4). */
export const PAGE_TEXTS = {
  generating: 'Generating...',
  copyToClipboard: 'Copy to clipboard',
  copied: 'Copied!',
  engineStatusUnavailable:
    'Could not check which AI engine serves this tool. You can still try it; if it fails, reload the page in a minute.',
  engineNotReady: 'This tool is not available on this server yet.',
  /** Shown under the bare default errors of docs/product.md section 8, which do not say what to do next. */
  genericErrorHint:
    'Please try again in a moment. If it keeps failing, reload the page, or try a shorter text or file.',
  /** A paste longer than a field's limit: the field keeps the start, cut between words. */
  pastedTextCut: (pastedLength: number, leftOut: number, limit: number) =>
    `Your text was ${groupDigits(pastedLength)} characters; the last ${groupDigits(leftOut)} were left out (the limit is ${groupDigits(limit)}).`,
} as const;

/** 6120 as "6,120": the site's words are English. */
function groupDigits(count: number): string {
  return count.toLocaleString('en-US');
}

/**
 * The engine line over each tool, in plain words by capability and tier; the engine's own name
 * (a model file, a program) is only in its tooltip and on the About page, where it is explained.
 */
export const ENGINE_TEXTS = {
  textNeural: 'Written by a local AI model on this server',
  textApi: 'Written by an outside AI service',
  speechNeural: 'Spoken by a local AI voice on this server',
  speechClassic: 'Spoken by a classic speech synthesizer on this server',
  speechApi: 'Spoken by an outside AI service',
  transcriptionNeural: 'Transcribed by a local AI model on this server',
  transcriptionClassic: 'Transcribed by a classic speech recognizer on this server',
  transcriptionApi: 'Transcribed by an outside AI service',
  /** The tooltip of the engine line and the About page's list. */
  engineName: (engine: string) => `Engine: ${engine}`,
  checking: 'Checking the AI engine…',
} as const;

/** The website's own words when a call fails before the server could say why. */
export const REQUEST_MESSAGES = {
  unreachable: 'Could not reach the server. Check your connection and try again.',
  /** A streamed answer that ended, or broke off, before its final event. */
  answerCutOff: 'The answer broke off before it was complete. Please press Generate to try again.',
} as const;
