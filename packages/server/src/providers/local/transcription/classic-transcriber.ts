/**
 * The always-available transcription tier: Silero VAD finds the speech, then one run of
 * pocketsphinx_batch (Debian's pocketsphinx with its en-us model) recognises every stretch of it.
 * Batch mode loads the model once per request and reads each stretch by its frame range from one
 * WAV file, instead of one process and one model load per stretch.
 */
import { open, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { languageName, type TranscriptSegment, SPEECH_TO_TEXT_MESSAGES } from '@ai-tools/contracts';
import { withTemporaryFolder } from '../../../audio/temporary-folder.ts';
import { floatToPcm, wavHeader } from '../../../audio/wav.ts';
import {
  TRANSCRIPTION_SAMPLE_RATE,
  type Transcriber,
  type Transcription,
  type TranscriptionRequest,
} from '../../types.ts';
import { JobQueue, AUDIO_GUESS_WEIGHT } from '../../job-queue.ts';
import { runEngineProcess } from '../../../child-process.ts';
import type { SpeechDetector, SpeechSpan } from './voice-activity.ts';
import { ProviderFailedError, UnsupportedLanguageError } from '../../../errors.ts';
import { primaryLanguage } from '../../language-tag.ts';

const POCKETSPHINX_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

/** The en-us acoustic model folder, language model and dictionary (Debian pocketsphinx-en-us). */
export function pocketsphinxModelFiles(modelDir = POCKETSPHINX_MODEL_DIR) {
  return {
    acousticModel: join(modelDir, 'en-us'),
    languageModel: join(modelDir, 'en-us.lm.bin'),
    dictionary: join(modelDir, 'cmudict-en-us.dict'),
  };
}

/** pocketsphinx reads 100 frames a second. */
const SAMPLES_PER_FRAME = TRANSCRIPTION_SAMPLE_RATE / 100;
/** Audio kept either side of a stretch, so the recogniser hears whole first and last words. */
const PADDING_SAMPLES = Math.round(TRANSCRIPTION_SAMPLE_RATE * 0.15);

/**
 * Speed settings measured on Debian's pocketsphinx-testdata recordings (bench/transcription):
 * skipping the flat second pass and scoring the 2 best Gaussians halves the CPU time with no loss
 * of accuracy on those recordings.
 */
const DECODER_SETTINGS = ['-fwdflat', 'no', '-topn', '2'];

export class ClassicTranscriber implements Transcriber {
  /** One recognition at a time: pocketsphinx uses a core and VAD shares one detector. */
  private readonly queue: JobQueue;

  private readonly model: ReturnType<typeof pocketsphinxModelFiles>;

  constructor(
    private readonly detector: SpeechDetector,
    private readonly temporaryDirectory: string,
    modelDir = POCKETSPHINX_MODEL_DIR,
    /** Recognitions that may wait beyond the one running (TRANSCRIPTION_QUEUE_MAX_WAITING). */
    maxWaiting = 3,
  ) {
    this.model = pocketsphinxModelFiles(modelDir);
    // Work is counted in seconds of audio.
    this.queue = new JobQueue({
      concurrency: 1,
      maxWaiting,
      expectedSecondsPerUnit: 0.3,
      guessWeight: AUDIO_GUESS_WEIGHT,
      tool: 'speech-to-text',
    });
  }

  status() {
    return {
      engine: 'pocketsphinx en-us + Silero VAD',
      tier: 'classic' as const,
      ready: true,
      // The line counts its work in seconds of audio: its measured speed is the page's estimate.
      secondsPerAudioSecond: this.queue.secondsPerUnit,
    };
  }

  async close() {}

  transcribe(request: TranscriptionRequest): Promise<Transcription> {
    // Its work in the line: the seconds of audio to hear.
    const job = { ...request, cost: request.samples.length / TRANSCRIPTION_SAMPLE_RATE };
    // Refused before it waits in line: pocketsphinx's model is English, and it cannot translate.
    if (request.task === 'translate') {
      return Promise.reject(
        new UnsupportedLanguageError(SPEECH_TO_TEXT_MESSAGES.translationUnavailable),
      );
    }
    const language = primaryLanguage(request.language);
    if (language && language !== 'en') {
      return Promise.reject(
        new UnsupportedLanguageError(
          SPEECH_TO_TEXT_MESSAGES.languageUnavailable(languageName(language)),
        ),
      );
    }
    return this.queue.run(async (signal) => {
      const spans = await this.detector.findSpeech(request.samples, signal);
      if (spans.length === 0) return { text: '', language: 'en', segments: [] };
      const texts = await this.recognise(request.samples, spans, signal);
      const segments: TranscriptSegment[] = spans
        .map((span, index) => ({
          start: roundSeconds(span.startSample / TRANSCRIPTION_SAMPLE_RATE),
          end: roundSeconds(span.endSample / TRANSCRIPTION_SAMPLE_RATE),
          text: texts.get(segmentId(index)) ?? '',
        }))
        .filter((segment) => segment.text !== '');
      const text = segments.map((segment) => segment.text).join(' ');
      // One run of pocketsphinx hears every stretch: its progress is known only at its end.
      request.onProgress?.({
        audioSecondsDone: request.samples.length / TRANSCRIPTION_SAMPLE_RATE,
        text,
        segments,
      });
      return { text, language: 'en', segments };
    }, job);
  }

  /** Runs pocketsphinx_batch over every stretch; returns the words of each by segment id. */
  private recognise(
    samples: Float32Array,
    spans: SpeechSpan[],
    signal: AbortSignal,
  ): Promise<Map<string, string>> {
    return withTemporaryFolder(this.temporaryDirectory, async (folder) => {
      await writeWaveFile(join(folder, 'audio.wav'), samples);
      const control = spans.map((span, index) => {
        const first = Math.max(
          0,
          Math.floor((span.startSample - PADDING_SAMPLES) / SAMPLES_PER_FRAME),
        );
        const last =
          Math.ceil(
            Math.min(samples.length, span.endSample + PADDING_SAMPLES) / SAMPLES_PER_FRAME,
          ) - 1;
        return `audio ${first} ${last} ${segmentId(index)}\n`;
      });
      await writeFile(join(folder, 'segments.ctl'), control.join(''));
      const hypothesisPath = join(folder, 'transcript.hyp');
      await runEngineProcess(
        'pocketsphinx_batch',
        [
          '-adcin',
          'yes',
          '-adchdr',
          '44',
          '-cepdir',
          folder,
          '-cepext',
          '.wav',
          '-ctl',
          join(folder, 'segments.ctl'),
          '-hyp',
          hypothesisPath,
          '-hmm',
          this.model.acousticModel,
          '-lm',
          this.model.languageModel,
          '-dict',
          this.model.dictionary,
          ...DECODER_SETTINGS,
        ],
        { signal, failureMessage: SPEECH_TO_TEXT_MESSAGES.recognitionFailed },
      );
      const hypotheses = await readFile(hypothesisPath, 'utf8').catch((error: unknown) => {
        throw new ProviderFailedError(SPEECH_TO_TEXT_MESSAGES.recognitionFailed, { cause: error });
      });
      return parseHypotheses(hypotheses);
    });
  }
}

/** 30 s of audio per write: each conversion takes a few milliseconds, then the event loop runs. */
const SAMPLES_PER_WRITE = TRANSCRIPTION_SAMPLE_RATE * 30;

/** The 16-bit WAV pocketsphinx reads, written piece by piece so a 10-minute upload never blocks. */
async function writeWaveFile(path: string, samples: Float32Array): Promise<void> {
  const file = await open(path, 'w');
  try {
    await file.write(wavHeader(samples.length * 2, TRANSCRIPTION_SAMPLE_RATE));
    for (let offset = 0; offset < samples.length; offset += SAMPLES_PER_WRITE) {
      await file.write(floatToPcm(samples.subarray(offset, offset + SAMPLES_PER_WRITE)));
    }
  } finally {
    await file.close();
  }
}

function segmentId(index: number): string {
  return `segment-${index}`;
}

function roundSeconds(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

/** Lines such as `go forward ten meters (segment-0 -14446)`; fillers like <sil> are dropped. */
function parseHypotheses(file: string): Map<string, string> {
  const texts = new Map<string, string>();
  for (const line of file.split('\n')) {
    const match = /^(.*?)\s*\((\S+)(?:\s+-?\d+)?\)\s*$/.exec(line);
    if (!match) continue;
    const words = (match[1] ?? '')
      .split(/\s+/)
      .filter((word) => word && !/^(<.*>|\[.*\]|\+\+.*\+\+)$/.test(word))
      .map((word) => word.replace(/\(\d+\)$/, ''));
    texts.set(match[2] ?? '', words.join(' '));
  }
  return texts;
}
