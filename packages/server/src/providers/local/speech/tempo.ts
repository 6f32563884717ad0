/**
 * A change of speaking rate without a change of pitch, for speeds an engine's own rate control
 * cannot reach (Kokoro below 0.5, espeak-ng below its slowest rate). SoundTouch's WSOLA time
 * stretch, the method of ffmpeg's atempo, runs here in the process, so a request's audio still
 * passes through one ffmpeg run: its encoder (ADR 040).
 */
import { Stretch } from '@soundtouchjs/core';
import { floatToPcm, pcmToFloat } from '../../../audio/wav.ts';
import type { SynthesizedSpeech } from '../../types.ts';

/** SoundTouch works on interleaved stereo: a mono sample is written to both channels. */
const CHANNELS = 2;
/** Samples fed per step, so the stretcher's buffers stay small for a long chunk. */
const BLOCK_FRAMES = 8192;
/**
 * The stretch runs on the event loop: a minute of speech takes about 200 ms on this machine, more
 * under load, which held every other request (the health check too) during a burst of slow
 * speech. It gives the loop back at least this often.
 */
const LONGEST_STEP_MS = 10;

/** `samples` (mono, -1 to 1) played `tempo` times as fast, at the same pitch. */
export async function changeTempo(
  samples: Float32Array,
  sampleRate: number,
  tempo: number,
): Promise<Float32Array> {
  if (Math.abs(tempo - 1) < 1e-6 || samples.length === 0) return samples;
  const stretch = new Stretch({ sampleRate, createBuffers: true });
  stretch.tempo = tempo;
  const expectedFrames = Math.round(samples.length / tempo);
  const result = new Float32Array(expectedFrames);
  let written = 0;

  const drain = () => {
    const output = stretch.outputBuffer;
    if (!output) return;
    const frames = Math.min(output.frameCount, expectedFrames - written);
    if (frames <= 0) return;
    const interleaved = new Float32Array(frames * CHANNELS);
    output.extract(interleaved, 0, frames);
    output.receive(frames);
    for (let frame = 0; frame < frames; frame++)
      result[written + frame] = interleaved[frame * CHANNELS]!;
    written += frames;
  };
  const feed = (block: Float32Array) => {
    const interleaved = new Float32Array(block.length * CHANNELS);
    for (let frame = 0; frame < block.length; frame++) {
      interleaved[frame * CHANNELS] = block[frame]!;
      interleaved[frame * CHANNELS + 1] = block[frame]!;
    }
    stretch.inputBuffer?.putSamples(interleaved);
    stretch.process();
    drain();
  };

  let stepStarted = performance.now();
  for (let start = 0; start < samples.length; start += BLOCK_FRAMES) {
    feed(samples.subarray(start, start + BLOCK_FRAMES));
    if (performance.now() - stepStarted > LONGEST_STEP_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      stepStarted = performance.now();
    }
  }
  // The stretcher holds back its last window until more input comes: silence pushes it out, and
  // the result is cut at the length the tempo gives.
  const silence = new Float32Array(BLOCK_FRAMES);
  for (let step = 0; written < expectedFrames && step < 64; step++) feed(silence);
  return written === expectedFrames ? result : result.subarray(0, written);
}

/** The same for an engine's 16-bit PCM; at tempo 1 the speech is returned as it is. */
export async function changeSpeechTempo(
  speech: SynthesizedSpeech,
  tempo: number,
): Promise<SynthesizedSpeech> {
  if (Math.abs(tempo - 1) < 1e-6) return speech;
  const samples = await changeTempo(pcmToFloat(speech.pcm), speech.sampleRate, tempo);
  return { pcm: floatToPcm(samples), sampleRate: speech.sampleRate };
}
