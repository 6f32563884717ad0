/**
 * The last touch on an engine's PCM, with ffmpeg: resampling to the tier's one sample rate, and a
 * change of speaking rate without a change of pitch (atempo, WSOLA) where an engine's own rate
 * control cannot reach the requested speed.
 */
import { TEXT_TO_SPEECH_MESSAGES } from '@ai-tools/contracts';
import type { SynthesizedSpeech } from '../../types.ts';
import { runEngineProcess } from '../../../child-process.ts';

/** atempo accepts 0.5 to 100 per instance; slower factors are reached by chaining. */
const SLOWEST_SINGLE_TEMPO = 0.5;

function atempoChain(factor: number): string[] {
  const stages: number[] = [];
  let remaining = factor;
  while (remaining < SLOWEST_SINGLE_TEMPO) {
    stages.push(SLOWEST_SINGLE_TEMPO);
    remaining /= SLOWEST_SINGLE_TEMPO;
  }
  stages.push(remaining);
  return stages.map((stage) => `atempo=${stage.toFixed(6)}`);
}

export async function adjustAudio(
  speech: SynthesizedSpeech,
  target: { sampleRate: number; tempo: number },
  signal: AbortSignal,
): Promise<SynthesizedSpeech> {
  const filters = [
    ...(speech.sampleRate === target.sampleRate ? [] : [`aresample=${target.sampleRate}`]),
    ...(Math.abs(target.tempo - 1) < 1e-6 ? [] : atempoChain(target.tempo)),
  ];
  if (filters.length === 0) return speech;
  if (speech.pcm.length === 0) return { pcm: speech.pcm, sampleRate: target.sampleRate };
  const raw = (sampleRate: number) => ['-f', 's16le', '-ar', String(sampleRate), '-ac', '1'];
  const pcm = await runEngineProcess(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error'],
      ...[...raw(speech.sampleRate), '-i', 'pipe:0'],
      ...['-filter:a', filters.join(',')],
      ...[...raw(target.sampleRate), 'pipe:1'],
    ],
    {
      signal,
      input: speech.pcm,
      failureMessage: TEXT_TO_SPEECH_MESSAGES.speedFailed,
    },
  );
  return { pcm, sampleRate: target.sampleRate };
}
