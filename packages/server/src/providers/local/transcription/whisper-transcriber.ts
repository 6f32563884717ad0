/**
 * The neural transcription tier: Whisper (base by default, small when configured) in
 * transformers.js, in a worker thread, loaded once. Silero VAD finds the speech; pieces of it
 * under 30 s, cut at pauses, go to Whisper one after another. The language is detected from the
 * first pieces (transformers.js would otherwise assume English), then every piece is transcribed
 * in it with Whisper's timestamps, which become the subtitle segments on the upload's time line.
 */
import { TRANSCRIPTION_LANGUAGES, type TranscriptSegment } from '@ai-tools/contracts';
import {
  TRANSCRIPTION_SAMPLE_RATE,
  type Transcriber,
  type Transcription,
  type TranscriptionRequest,
} from '../../types.ts';
import { JobQueue, AUDIO_GUESS_WEIGHT } from '../../job-queue.ts';
import { speechParts } from './hallucination-guard.ts';
import { groupSpeechIntoPieces, type SpeechPiece } from './speech-pieces.ts';
import type { SpeechDetector } from './voice-activity.ts';
import type { TimedText } from './whisper-protocol.ts';
import { primaryLanguage } from '../../language-tag.ts';
import { WhisperThread } from './whisper-thread.ts';
import { GenerationAbortedError } from '../../../errors.ts';

export type WhisperSize = 'base' | 'small';

export interface WhisperModel {
  /** `${MODELS_DIR}/transformers`. */
  localModelPath: string;
  /** Such as 'Xenova/whisper-base'. */
  modelId: string;
  size: WhisperSize;
}

/** Language detection listens to the first pieces until it has heard this much speech. */
const DETECTION_SAMPLES = 10 * TRANSCRIPTION_SAMPLE_RATE;
const MOST_DETECTION_PIECES = 3;
/**
 * Tokens one second of speech may take (fast Japanese takes about 10, with the timestamps): a
 * decode that runs past it is looping, and stops.
 */
const TOKENS_PER_SECOND = 12;
const EXTRA_TOKENS = 16;
/** Whisper's decoder holds 448 positions, three of them the prompt. */
const MOST_NEW_TOKENS = 440;
/** Whisper's timestamps may run a little past the audio it heard; more means they are wrong. */
const TIMESTAMP_TOLERANCE_SECONDS = 0.5;
/** Languages written without spaces between words: their pieces join without one. */
const UNSPACED_LANGUAGES = new Set(['zh', 'ja', 'th', 'lo', 'my', 'km', 'bo', 'yue']);
/** Whisper's codes that differ from ISO 639-1 (Javanese). */
const WHISPER_TO_ISO: Record<string, string> = { jw: 'jv' };
const ISO_TO_WHISPER: Record<string, string> = { jv: 'jw' };

export class WhisperTranscriber implements Transcriber {
  private readonly queue: JobQueue;

  private constructor(
    private readonly thread: WhisperThread,
    private readonly detector: SpeechDetector,
    private readonly size: WhisperSize,
    maxWaiting: number,
  ) {
    // One recognition at a time: Whisper already uses both cores. Work is counted in seconds of
    // audio; base reads them at 0.16x to 0.34x real time on 2 idle cores, small slower.
    this.queue = new JobQueue({
      concurrency: 1,
      maxWaiting,
      expectedSecondsPerUnit: size === 'small' ? 0.9 : 0.35,
      guessWeight: AUDIO_GUESS_WEIGHT,
      tool: 'speech-to-text',
    });
  }

  /** Loads the model in its worker thread; rejects when it does not load. */
  static async load(
    model: WhisperModel,
    detector: SpeechDetector,
    maxWaiting = 3,
  ): Promise<WhisperTranscriber> {
    const thread = await WhisperThread.start({
      localModelPath: model.localModelPath,
      modelId: model.modelId,
    });
    return new WhisperTranscriber(thread, detector, model.size, maxWaiting);
  }

  status() {
    return {
      engine: `Whisper ${this.size} (transformers.js) + Silero VAD`,
      tier: 'neural' as const,
      ready: true,
      // The line counts its work in seconds of audio: its measured speed is the page's estimate.
      secondsPerAudioSecond: this.queue.secondsPerUnit,
    };
  }

  async close() {
    await this.thread.close();
  }

  transcribe(request: TranscriptionRequest): Promise<Transcription> {
    // Its work in the line: the seconds of audio to hear.
    const job = { ...request, cost: request.samples.length / TRANSCRIPTION_SAMPLE_RATE };
    return this.queue.run(async (signal) => {
      const spans = await this.detector.findSpeech(request.samples, signal);
      // No speech, no decode: Whisper never sees silence, so it cannot invent words for it.
      if (spans.length === 0) return { text: '', language: request.language, segments: [] };
      const pieces = groupSpeechIntoPieces(spans, request.samples.length);
      let whisperLanguage = knownLanguage(request.language);
      const first = pieces[0];
      if (
        !whisperLanguage &&
        first &&
        pieces.length > 1 &&
        first.endSample - first.startSample < DETECTION_SAMPLES
      ) {
        whisperLanguage = await this.detectLanguage(request.samples, pieces, signal);
      }
      const segments: TranscriptSegment[] = [];
      for (const piece of pieces) {
        if (signal.aborted) throw new GenerationAbortedError();
        const audio = request.samples.subarray(piece.startSample, piece.endSample);
        const seconds = audio.length / TRANSCRIPTION_SAMPLE_RATE;
        // Without a language yet, the first piece is long enough (or alone): Whisper detects the
        // language on it while it transcribes it, from the same encoding.
        const decoded = await this.thread.decode(
          { samples: audio, language: whisperLanguage, task: request.task ?? 'transcribe' },
          Math.min(MOST_NEW_TOKENS, Math.ceil(seconds * TOKENS_PER_SECOND) + EXTRA_TOKENS),
          signal,
        );
        whisperLanguage ??= decoded.language;
        segments.push(...pieceSegments(piece, speechParts(decoded)));
        request.onProgress?.({
          audioSecondsDone: piece.endSample / TRANSCRIPTION_SAMPLE_RATE,
          text: joinedText(segments, isoLanguage(whisperLanguage ?? 'en'), request.task),
          segments: [...segments],
        });
      }
      const language = isoLanguage(whisperLanguage ?? 'en');
      return { text: joinedText(segments, language, request.task), language, segments };
    }, job);
  }

  /**
   * When the first piece is short, one piece may say little of the language: Whisper's language
   * probabilities are summed over the first pieces, weighted by their length.
   */
  private async detectLanguage(
    samples: Float32Array,
    pieces: SpeechPiece[],
    signal: AbortSignal,
  ): Promise<string> {
    const totals = new Map<string, number>();
    let heard = 0;
    for (const piece of pieces.slice(0, MOST_DETECTION_PIECES)) {
      if (heard >= DETECTION_SAMPLES) break;
      const audio = samples.subarray(piece.startSample, piece.endSample);
      const { probabilities } = await this.thread.detectLanguage(audio, signal);
      for (const [code, probability] of Object.entries(probabilities)) {
        totals.set(code, (totals.get(code) ?? 0) + probability * audio.length);
      }
      heard += audio.length;
    }
    const [best] = [...totals.entries()].sort((first, second) => second[1] - first[1]);
    return best?.[0] ?? 'en';
  }
}

/** Whisper's language code as ISO 639-1. */
function isoLanguage(whisperLanguage: string): string {
  return WHISPER_TO_ISO[whisperLanguage] ?? whisperLanguage;
}

/** The segments' text as one, without spaces in the languages written without them. */
function joinedText(
  segments: TranscriptSegment[],
  language: string,
  task: TranscriptionRequest['task'],
): string {
  const written = task === 'translate' ? 'en' : language;
  const separator = UNSPACED_LANGUAGES.has(written) ? '' : ' ';
  return segments.map((segment) => segment.text).join(separator);
}

/** A visitor's language hint in Whisper's code, when Whisper knows that language. */
function knownLanguage(language: string | undefined): string | undefined {
  const code = primaryLanguage(language);
  if (!code || !TRANSCRIPTION_LANGUAGES.includes(code)) return undefined;
  return ISO_TO_WHISPER[code] ?? code;
}

/**
 * Word times kept inside the speech the VAD found. The alignment gives each word until the next
 * one starts, silence included, and the first word starts with the piece's padding: a word that
 * starts in a pause starts where the speech resumes, and one whose stretch of speech ends before
 * the next word ends with it.
 */
function withinSpeech<Word extends { start: number; end: number }>(
  piece: SpeechPiece,
  words: Word[],
): Word[] {
  const spans = piece.speech.map((span) => ({
    start: span.startSample / TRANSCRIPTION_SAMPLE_RATE,
    end: span.endSample / TRANSCRIPTION_SAMPLE_RATE,
  }));
  if (spans.length === 0) return words;
  return words.map((word) => {
    const span = spans.find((candidate) => word.start < candidate.end) ?? spans[spans.length - 1]!;
    const start = Math.min(Math.max(word.start, span.start), word.end);
    const end = Math.max(start, Math.min(word.end, Math.max(span.end, start)));
    return { ...word, start, end };
  });
}

function roundSeconds(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

/**
 * The subtitle segments of one piece on the upload's time line: Whisper's own times when they
 * are in order and inside the piece, else the whole piece's speech as one segment.
 */
function pieceSegments(piece: SpeechPiece, parts: TimedText[]): TranscriptSegment[] {
  if (parts.length === 0) return [];
  const offset = piece.startSample / TRANSCRIPTION_SAMPLE_RATE;
  const duration = (piece.endSample - piece.startSample) / TRANSCRIPTION_SAMPLE_RATE;
  const timed = parts.every(
    (part, index) =>
      part.start !== undefined &&
      part.end !== undefined &&
      part.start < part.end &&
      part.end <= duration + TIMESTAMP_TOLERANCE_SECONDS &&
      part.start >= (parts[index - 1]?.end ?? 0),
  );
  const wordsOf = (chosen: TimedText[]) =>
    withinSpeech(
      piece,
      chosen.flatMap((part) =>
        (part.words ?? []).map((word) => ({
          text: word.text,
          start: offset + Math.min(word.start, duration),
          end: offset + Math.min(word.end, duration),
        })),
      ),
    ).map((word) => ({ ...word, start: roundSeconds(word.start), end: roundSeconds(word.end) }));
  if (timed) {
    return parts.map((part) => ({
      start: roundSeconds(offset + (part.start ?? 0)),
      end: roundSeconds(offset + Math.min(part.end ?? duration, duration)),
      text: part.text,
      words: wordsOf([part]),
    }));
  }
  const speechStart = piece.speech[0]?.startSample ?? piece.startSample;
  const speechEnd = piece.speech.at(-1)?.endSample ?? piece.endSample;
  return [
    {
      start: roundSeconds(speechStart / TRANSCRIPTION_SAMPLE_RATE),
      end: roundSeconds(speechEnd / TRANSCRIPTION_SAMPLE_RATE),
      text: parts.map((part) => part.text).join(' '),
      words: wordsOf(parts),
    },
  ];
}
