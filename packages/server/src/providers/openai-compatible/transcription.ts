/**
 * Transcription through POST {base}/audio/transcriptions (multipart), or to English through
 * /audio/translations. The 16 kHz samples travel
 * as a 16-bit WAV; audio that would pass the 25 MB upload limit is sent in parts cut at the
 * quietest moment near each limit. verbose_json gives the language and timed segments; a server
 * that refuses it (gpt-4o-transcribe does) is asked again with json for the text alone.
 */
import { LIMITS, type TranscriptSegment } from '@ai-tools/contracts';
import {
  TRANSCRIPTION_SAMPLE_RATE,
  type Transcriber,
  type Transcription,
  type TranscriptionRequest,
} from '../types.ts';
import { toFile } from 'openai';
import {
  clientFor,
  endpointStatus,
  malformedReply,
  startCall,
  UpstreamRejectedError,
  type ApiEndpoint,
} from './endpoint.ts';
import { encodeWav, WAV_HEADER_BYTES } from '../../audio/wav.ts';

export interface TranscriberOptions {
  /** The upstream upload limit in bytes (OpenAI: 25 MB). */
  maxUploadBytes?: number;
}

type ResponseFormat = 'verbose_json' | 'json';

/** The endpoint each task goes to, named in messages. */
const paths = { transcribe: 'transcriptions', translate: 'translations' } as const;

interface TranscriptionReply {
  text?: unknown;
  language?: unknown;
  segments?: unknown;
}

export function createOpenAiTranscriber(
  endpoint: ApiEndpoint,
  options: TranscriberOptions = {},
): Transcriber {
  const maxUploadBytes = options.maxUploadBytes ?? LIMITS.uploadMaxBytes;
  const maxSamples = Math.floor((maxUploadBytes - WAV_HEADER_BYTES) / 2);
  let responseFormat: ResponseFormat = 'verbose_json';
  const client = clientFor(endpoint);

  async function transcribePart(
    samples: Float32Array,
    { language, task }: Pick<TranscriptionRequest, 'language' | 'task'>,
    signal: AbortSignal | undefined,
  ): Promise<TranscriptionReply> {
    const call = startCall(endpoint, `/audio/${paths[task ?? 'transcribe']}`, signal);
    const file = await toFile(encodeWav(samples, TRANSCRIPTION_SAMPLE_RATE), 'audio.wav', {
      type: 'audio/wav',
    });
    let reply: unknown;
    try {
      // The translations endpoint takes no language: it hears it, and writes English.
      reply =
        task === 'translate'
          ? await client.audio.translations.create(
              { file, model: endpoint.model, response_format: responseFormat },
              { signal: call.signal },
            )
          : await client.audio.transcriptions.create(
              {
                file,
                model: endpoint.model,
                response_format: responseFormat,
                language: language || undefined,
              },
              { signal: call.signal },
            );
    } catch (error) {
      // The SDK parses a JSON reply itself and lets the parser's error through.
      if (error instanceof SyntaxError && !call.signal.aborted) {
        throw malformedReply(endpoint, 'a transcript');
      }
      const failure = call.explain(error);
      if (responseFormat === 'verbose_json' && refusesVerboseJson(failure)) {
        responseFormat = 'json';
        return transcribePart(samples, { language, task }, signal);
      }
      throw failure;
    }
    if (
      reply &&
      typeof reply === 'object' &&
      typeof (reply as TranscriptionReply).text === 'string'
    ) {
      return reply;
    }
    throw malformedReply(endpoint, 'a transcript');
  }

  return {
    status: () => endpointStatus(endpoint),
    close: async () => {},
    async transcribe(request): Promise<Transcription> {
      const texts: string[] = [];
      const segments: TranscriptSegment[] = [];
      let language: string | undefined;
      for (const part of uploadParts(request.samples, maxSamples)) {
        const reply = await transcribePart(part.samples, request, request.signal);
        const offset = part.startSample / TRANSCRIPTION_SAMPLE_RATE;
        const text = String(reply.text).trim();
        if (text) texts.push(text);
        // A translation's reply names the language it wrote (English), not the one heard.
        if (request.task !== 'translate') {
          language ??=
            typeof reply.language === 'string' ? toLanguageCode(reply.language) : undefined;
        }
        segments.push(...segmentsOf(reply.segments, offset));
        request.onProgress?.({
          audioSecondsDone: (part.startSample + part.samples.length) / TRANSCRIPTION_SAMPLE_RATE,
          text: texts.join(' '),
          segments: [...segments],
        });
      }
      return { text: texts.join(' '), language: language ?? request.language, segments };
    },
  };
}

function refusesVerboseJson(error: unknown): boolean {
  return (
    error instanceof UpstreamRejectedError &&
    error.upstream.status === 400 &&
    (error.upstream.param === 'response_format' || error.upstream.mentions('response_format'))
  );
}

function segmentsOf(raw: unknown, offsetSeconds: number): TranscriptSegment[] {
  if (!Array.isArray(raw)) return [];
  const segments: TranscriptSegment[] = [];
  for (const entry of raw as { start?: unknown; end?: unknown; text?: unknown }[]) {
    const { start, end, text } = entry ?? {};
    if (typeof start !== 'number' || typeof end !== 'number' || typeof text !== 'string') continue;
    if (text.trim() === '') continue;
    segments.push({
      start: round(start + offsetSeconds),
      end: round(end + offsetSeconds),
      text: text.trim(),
    });
  }
  return segments;
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

/** Seconds searched, before each cut, for the quietest 20 ms to cut at (between words). */
const CUT_SEARCH_SECONDS = 5;
const CUT_FRAME_SAMPLES = TRANSCRIPTION_SAMPLE_RATE / 50;

/** Consecutive parts of at most maxSamples each, cut where the audio is quietest. */
function uploadParts(
  samples: Float32Array,
  maxSamples: number,
): { startSample: number; samples: Float32Array }[] {
  const parts: { startSample: number; samples: Float32Array }[] = [];
  let start = 0;
  while (samples.length - start > maxSamples) {
    const limit = start + maxSamples;
    const searchFrom = Math.max(
      start + Math.floor(maxSamples / 2),
      limit - CUT_SEARCH_SECONDS * TRANSCRIPTION_SAMPLE_RATE,
    );
    let cut = limit;
    let quietest = Number.POSITIVE_INFINITY;
    for (let frame = limit - CUT_FRAME_SAMPLES; frame >= searchFrom; frame -= CUT_FRAME_SAMPLES) {
      let energy = 0;
      for (let index = frame; index < frame + CUT_FRAME_SAMPLES; index += 1) {
        const value = samples[index] ?? 0;
        energy += value * value;
      }
      if (energy < quietest) {
        quietest = energy;
        cut = frame + CUT_FRAME_SAMPLES / 2;
      }
    }
    parts.push({ startSample: start, samples: samples.subarray(start, cut) });
    start = cut;
  }
  parts.push({ startSample: start, samples: samples.subarray(start) });
  return parts;
}

let codesByLanguageName: Map<string, string> | undefined;

/**
 * Whisper's verbose_json names the language in English ("english"); the rest of the site uses
 * ISO 639 codes ("en"), as the local engines do. Names are matched with ICU's display names.
 */
export function toLanguageCode(language: string): string {
  const name = language.trim().toLowerCase();
  if (/^[a-z]{2,3}$/.test(name)) return name;
  if (!codesByLanguageName) {
    codesByLanguageName = new Map();
    const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    for (const first of letters) {
      for (const second of letters) {
        const code = first + second;
        const display = names.of(code);
        if (display) codesByLanguageName.set(display.toLowerCase(), code);
      }
    }
    // Three-letter codes Whisper uses for languages without a two-letter one.
    for (const code of ['haw', 'yue']) {
      const display = names.of(code);
      if (display) codesByLanguageName.set(display.toLowerCase(), code);
    }
  }
  return codesByLanguageName.get(name) ?? name;
}
