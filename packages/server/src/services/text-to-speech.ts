/**
 * Text to speech: prepares the text (markdown, numbers, abbreviations, language), has the engine
 * speak it chunk by chunk at sentence boundaries, joins the PCM and encodes the requested format.
 */
import {
  API_MESSAGES,
  MEDIA_TYPES,
  type TextToSpeechRequest,
  type TextToSpeechResponse,
} from '@ai-tools/contracts';
import { encodePcm } from '../audio/encode.ts';
import { pcmDurationSeconds } from '../audio/wav.ts';
import { withTemporaryFolder } from '../audio/temporary-folder.ts';
import { EmptyResultError, GenerationAbortedError } from '../providers/errors.ts';
import type { SpeechSynthesizer, SynthesizedSpeech } from '../providers/types.ts';
import { ValidationError } from '../plugins/validation.ts';
import { prepareSpeechText, splitIntoChunks } from './speech-text.ts';

/** Chunk size for engines that state no limit: a few sentences, so an abort stops work soon. */
export const DEFAULT_CHARACTERS_PER_CHUNK = 1000;

const BYTES_PER_SAMPLE = 2;

export interface TextToSpeechDependencies {
  synthesizer: SpeechSynthesizer;
  /** Where the request's temporary folder goes (config TEMP_DIR). */
  temporaryRoot: string;
}

export type TextToSpeechResult = TextToSpeechResponse['data'];

export async function textToSpeech(
  request: TextToSpeechRequest,
  { synthesizer, temporaryRoot }: TextToSpeechDependencies,
  signal?: AbortSignal,
): Promise<TextToSpeechResult> {
  const prepared = prepareSpeechText(request.text);
  if (!prepared.text) throw new ValidationError(API_MESSAGES.nothingToSpeak);

  const chunks = splitIntoChunks(
    prepared.text,
    synthesizer.maxCharactersPerChunk ?? DEFAULT_CHARACTERS_PER_CHUNK,
    prepared.language,
  );
  const pieces: SynthesizedSpeech[] = [];
  for (const chunk of chunks) {
    if (signal?.aborted) throw new GenerationAbortedError();
    pieces.push(
      await synthesizer.synthesize({
        text: chunk,
        voice: request.voice,
        speed: request.speed,
        language: prepared.language,
        signal,
      }),
    );
  }
  const speech = joinPieces(pieces);
  if (speech.pcm.length === 0) throw new EmptyResultError(API_MESSAGES.speechEmpty);

  const audio = await withTemporaryFolder(temporaryRoot, (folder) =>
    encodePcm({ ...speech, format: request.outputFormat, folder, signal }),
  );
  return {
    audioBase64: audio.toString('base64'),
    format: request.outputFormat,
    mediaType: MEDIA_TYPES[request.outputFormat],
    durationSeconds: Math.round(pcmDurationSeconds(speech) * 1000) / 1000,
    engine: synthesizer.status().engine,
  };
}

function joinPieces(pieces: SynthesizedSpeech[]): SynthesizedSpeech {
  const sampleRate = pieces[0]?.sampleRate ?? 0;
  if (pieces.some((piece) => piece.sampleRate !== sampleRate || !(sampleRate > 0))) {
    // An engine bug, not the visitor's: a 500 whose detail goes to the log.
    throw new Error(
      `The speech engine answered with sample rates ${pieces.map((piece) => piece.sampleRate).join(', ')}.`,
    );
  }
  // An odd byte would shift every later sample of a 16-bit stream.
  const pcm = Buffer.concat(
    pieces.map((piece) =>
      piece.pcm.subarray(0, piece.pcm.length - (piece.pcm.length % BYTES_PER_SAMPLE)),
    ),
  );
  return { pcm, sampleRate };
}
