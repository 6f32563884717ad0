/**
 * Text to speech: prepares the text (markdown, numbers, abbreviations, language), checks that the
 * speech it makes stays within the duration limit, has the engine speak it chunk by chunk at
 * sentence boundaries, joins the PCM and encodes the requested format.
 */
import {
  MEDIA_TYPES,
  type OutputFormat,
  type TextToSpeechRequest,
  type TextToSpeechResponse,
  TEXT_TO_SPEECH_MESSAGES,
} from '@ai-tools/contracts';
import { encodePcm } from '../../audio/encode.ts';
import { pcmDurationSeconds } from '../../audio/wav.ts';
import { withTemporaryFolder } from '../../audio/temporary-folder.ts';
import { QueuePlace } from '../../providers/job-queue.ts';
import { speakChunks } from '../../providers/speech-chunks.ts';
import type {
  EngineRequestOptions,
  SpeechSynthesizer,
  SynthesizedSpeech,
} from '../../providers/types.ts';
import { captionCues, type SpokenSentence } from './captions.ts';
import {
  prepareSpeechText,
  spokenForm,
  splitFirstSentence,
  splitIntoChunks,
  splitIntoSentences,
} from './speech-text/index.ts';
import {
  AudioTooLongError,
  EmptyResultError,
  GenerationAbortedError,
  UnsupportedLanguageError,
  ValidationError,
} from '../../errors.ts';
import { primaryLanguage } from '../../providers/language-tag.ts';

/** Chunk size for engines that state no limit: a few sentences, so an abort stops work soon. */
export const DEFAULT_CHARACTERS_PER_CHUNK = 1000;

const BYTES_PER_SAMPLE = 2;

/**
 * Characters spoken per second at speed 1, on the slow side of the engines here (festival and
 * espeak-ng read about 14 to 17), so the estimate errs towards refusing.
 */
const CHARACTERS_PER_SECOND = 14;
/** A Chinese, Japanese or Korean character is about a syllable: it takes several letters' time. */
const CHARACTERS_PER_IDEOGRAPH = 4;
const IDEOGRAPH = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
/** The estimate may be off; the speech actually made may exceed the limit by this much. */
const MEASURED_MARGIN = 1.25;

export interface TextToSpeechDependencies {
  synthesizer: SpeechSynthesizer;
  /** Where the request's temporary folder goes (config TEMP_DIR). */
  temporaryRoot: string;
  /** The longest audio one request may make, in seconds (config SPEECH_MAX_SECONDS). */
  maxSeconds: number;
}

/**
 * The encoded audio (null when the caller asked for none) and what the JSON answer says about it;
 * the route picks the answer's form.
 */
export type TextToSpeechResult = Omit<TextToSpeechResponse['data'], 'audioBase64'> & {
  audio: Buffer | null;
  format: OutputFormat;
};

/**
 * About how long the speech of `text` lasts at `speed`, in seconds of audio, before any engine
 * runs (the page's estimateSynthesisSeconds is how long making it takes).
 */
export function estimateSpeechSeconds(text: string, speed: number): number {
  const ideographs = text.match(IDEOGRAPH)?.length ?? 0;
  const spokenCharacters = text.length + ideographs * (CHARACTERS_PER_IDEOGRAPH - 1);
  return spokenCharacters / (CHARACTERS_PER_SECOND * speed);
}

/** One chunk of the speech as the engine made it, and where it falls in the final audio. */
export interface SpeechPiece {
  index: number;
  text: string;
  startSeconds: number;
  endSeconds: number;
  speech: SynthesizedSpeech;
}

export interface TextToSpeechOptions extends EngineRequestOptions {
  /**
   * Told each chunk as soon as it is spoken (streamed to the page, which plays it). The next
   * chunk waits for the promise it returns: a page that reads slowly holds the engine back
   * instead of having the speech pile up in memory.
   */
  onPiece?: (piece: SpeechPiece) => void | Promise<void>;
  /**
   * False when the caller already has the audio from the pieces (a streamed WAV,
   * streamedResultCarriesFile): no file is encoded, and the result's `audio` is null.
   */
  makeFile?: boolean;
}

export async function textToSpeech(
  request: TextToSpeechRequest,
  { synthesizer, temporaryRoot, maxSeconds }: TextToSpeechDependencies,
  { signal, visitor, onQueuePosition, onPiece, makeFile = true }: TextToSpeechOptions = {},
): Promise<TextToSpeechResult> {
  const prepared = prepareSpeechText(request.text, synthesizer.languages);
  if (!prepared.text) throw new ValidationError(TEXT_TO_SPEECH_MESSAGES.nothingToSpeak);
  refuseUnspokenLanguage(prepared.language, synthesizer);
  const estimatedSeconds = estimateSpeechSeconds(prepared.text, request.speed);
  if (estimatedSeconds > maxSeconds) throw speechTooLong(estimatedSeconds, maxSeconds);

  const maxCharacters = synthesizer.maxCharactersPerChunk ?? DEFAULT_CHARACTERS_PER_CHUNK;
  const chunks = request.captions
    ? // Captions are timed by the synthesis: each sentence is spoken on its own, so its start and
      // end in the audio are exact.
      splitIntoSentences(prepared.text, maxCharacters, prepared.language)
    : firstSentenceAlone(
        splitIntoChunks(prepared.text, maxCharacters, prepared.language),
        prepared.language,
      );
  // One place in the engine's line for the whole request, however many chunks: those behind it
  // wait for all of it, and are told so (its work is counted in seconds of speech).
  const place = new QueuePlace(estimatedSeconds);
  // One temporary folder for the whole request: the engine's files, if it writes any, and the
  // encoded audio (ADR 040).
  return withTemporaryFolder(temporaryRoot, async (folder) => {
    const pieces: SynthesizedSpeech[] = [];
    const spoken: SpokenSentence[] = [];
    let madeSeconds = 0;
    // Captions show what the visitor wrote ("2019"), timed by what the engine said. The chunks are
    // stretches of the prepared text, in order.
    let searchFrom = 0;
    const writtenChunk = (chunk: string) => {
      const start = prepared.text.indexOf(chunk, searchFrom);
      if (start < 0) return chunk;
      searchFrom = start + chunk.length;
      return prepared.writtenBetween(start, searchFrom);
    };
    const spokenChunks = speakChunks(synthesizer, {
      texts: chunks,
      voice: request.voice,
      speed: request.speed,
      language: prepared.language,
      folder,
      signal,
      visitor,
      onQueuePosition,
      place,
    });
    let index = 0;
    for await (const piece of spokenChunks) {
      const chunk = chunks[index] ?? '';
      pieces.push(piece);
      place.progress(estimateSpeechSeconds(chunk, request.speed));
      const startSeconds = madeSeconds;
      // An engine slower than the estimate stops here, not after making hours of audio.
      madeSeconds += piece.sampleRate > 0 ? pcmDurationSeconds(piece) : 0;
      if (madeSeconds > maxSeconds * MEASURED_MARGIN) throw speechTooLong(madeSeconds, maxSeconds);
      spoken.push({ text: writtenChunk(chunk), startSeconds, endSeconds: madeSeconds });
      await onPiece?.({ index, text: chunk, startSeconds, endSeconds: madeSeconds, speech: piece });
      index += 1;
      if (signal?.aborted) throw new GenerationAbortedError();
    }
    const speech = joinPieces(pieces);
    if (speech.pcm.length === 0) throw new EmptyResultError(TEXT_TO_SPEECH_MESSAGES.speechEmpty);

    const audio = makeFile
      ? await encodePcm({ ...speech, format: request.outputFormat, folder, signal })
      : null;
    return {
      audio,
      format: request.outputFormat,
      mediaType: MEDIA_TYPES[request.outputFormat],
      durationSeconds: Math.round(pcmDurationSeconds(speech) * 1000) / 1000,
      engine: synthesizer.status().engine,
      ...(request.captions
        ? {
            captions: captionCues(spoken, {
              language: prepared.language,
              spokenForm: (written) => spokenForm(written, prepared.language),
            }),
          }
        : {}),
    };
  }).finally(() => place.leave());
}

/**
 * Text in a language the engine does not speak is refused before any audio is made: an engine
 * reading it with another language's sounds makes noise, not speech (Korean came back garbled).
 */
function refuseUnspokenLanguage(language: string | undefined, synthesizer: SpeechSynthesizer) {
  const primary = primaryLanguage(language);
  if (primary && synthesizer.languages && !synthesizer.languages.includes(primary)) {
    throw new UnsupportedLanguageError(TEXT_TO_SPEECH_MESSAGES.languageNotSpoken(primary));
  }
}

/**
 * The first sentence is spoken alone, so the first audio is ready soon (a streamed answer plays it
 * while the rest is made).
 */
function firstSentenceAlone(chunks: string[], language: string | undefined): string[] {
  const [firstChunk = '', ...otherChunks] = chunks;
  return [...splitFirstSentence(firstChunk, language), ...otherChunks];
}

function speechTooLong(seconds: number, maxSeconds: number) {
  const minutes = (value: number) => Math.round((value / 60) * 10) / 10;
  return new AudioTooLongError(
    TEXT_TO_SPEECH_MESSAGES.speechTooLong(minutes(seconds), minutes(maxSeconds)),
  );
}

function joinPieces(pieces: SynthesizedSpeech[]): SynthesizedSpeech {
  // A chunk of punctuation alone is silence, labelled with any rate: only the audible ones count.
  const audible = pieces.filter((piece) => piece.pcm.length > 0);
  const sampleRate = audible[0]?.sampleRate ?? pieces[0]?.sampleRate ?? 0;
  if (audible.some((piece) => piece.sampleRate !== sampleRate || !(sampleRate > 0))) {
    // An engine bug, not the visitor's: a 500 whose detail goes to the log.
    throw new Error(
      `The speech engine answered with sample rates ${audible.map((piece) => piece.sampleRate).join(', ')}.`,
    );
  }
  // An odd byte would shift every later sample of a 16-bit stream.
  const pcm = Buffer.concat(
    audible.map((piece) =>
      piece.pcm.subarray(0, piece.pcm.length - (piece.pcm.length % BYTES_PER_SAMPLE)),
    ),
  );
  return { pcm, sampleRate };
}
