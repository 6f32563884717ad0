/**
 * Plays speech while it is being made: each piece the server streams (16-bit mono PCM) is
 * scheduled with the Web Audio API right after the one before, so the visitor hears the first
 * sentence while the engine speaks the rest. The finished file then goes to the page's player.
 * Where the browser has no Web Audio (tests in jsdom), it plays nothing.
 */
import type { SpeechPieceEvent } from '@ai-tools/contracts';
import { decodeBase64 } from './base64.ts';

/** A short lead, so the first piece is not cut at its start while the context wakes up. */
const START_LEAD_SECONDS = 0.05;

export interface LiveSpeechPlayer {
  /** Queues one piece after those already queued. */
  play(piece: SpeechPieceEvent): void;
  /** Stops what plays and forgets what is queued. */
  stop(): void;
}

export function createLiveSpeechPlayer(): LiveSpeechPlayer {
  let context: AudioContext | undefined;
  let nextStart = 0;
  const sources = new Set<AudioBufferSourceNode>();

  return {
    play(piece) {
      if (typeof AudioContext === 'undefined') return;
      try {
        context ??= new AudioContext();
        schedule(context, piece);
      } catch {
        // No sound here (no output device, a blocked context): the finished file still comes.
      }
    },
    stop() {
      for (const source of sources) source.stop();
      sources.clear();
      nextStart = 0;
      void context?.close();
      context = undefined;
    },
  };

  function schedule(audioContext: AudioContext, piece: SpeechPieceEvent) {
    const samples = pcmSamples(piece.pcmBase64);
    if (samples.length === 0) return;
    const buffer = audioContext.createBuffer(1, samples.length, piece.sampleRate);
    buffer.copyToChannel(samples, 0);
    const source = audioContext.createBufferSource();
    source.buffer = buffer;
    source.connect(audioContext.destination);
    nextStart = Math.max(nextStart, audioContext.currentTime + START_LEAD_SECONDS);
    source.start(nextStart);
    nextStart += buffer.duration;
    sources.add(source);
    source.onended = () => sources.delete(source);
  }
}

/** 16-bit little-endian PCM in base64 as floats from -1 to 1. */
function pcmSamples(base64: string): Float32Array<ArrayBuffer> {
  const bytes = decodeBase64(base64);
  const view = new DataView(bytes.buffer);
  const samples = new Float32Array(Math.floor(bytes.length / 2));
  for (let index = 0; index < samples.length; index += 1) {
    samples[index] = view.getInt16(index * 2, true) / 32768;
  }
  return samples;
}
