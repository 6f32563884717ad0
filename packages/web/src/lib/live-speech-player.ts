/**
 * Plays speech while it is being made: each piece the server streams (16-bit mono PCM) is
 * scheduled with the Web Audio API right after the one before, so the visitor hears the first
 * sentence while the engine speaks the rest. The visitor can pause and resume it (the audio
 * context's own clock stops and starts with it), and the finished file then takes over at the
 * position heard, so the two never play at once and the file does not start again from 0:00.
 * Where the browser has no Web Audio (tests in jsdom), it plays nothing and nothing is heard.
 */
import type { SpeechPieceEvent } from '@ai-tools/contracts';
import { decodeBase64 } from './base64.ts';

/** A short lead, so the first piece is not cut at its start while the context wakes up. */
const START_LEAD_SECONDS = 0.05;
/** How often the position heard is reported while the speech plays: often enough for a clock. */
const POSITION_INTERVAL_MS = 250;

export type LivePlaybackStatus = 'off' | 'playing' | 'paused';

/** Plain numbers and a word, so the store can keep them. */
export interface LivePlaybackSnapshot {
  status: LivePlaybackStatus;
  /** Where in the final audio the visitor is, in seconds: what has been heard so far. */
  heardSeconds: number;
}

export interface LiveSpeechPlayer {
  /** Queues one piece after those already queued. */
  play(piece: SpeechPieceEvent): void;
  /** Holds the sound where it is; pieces that arrive meanwhile wait behind it. */
  pause(): void;
  resume(): void;
  /** No more pieces will come: once the queued ones have been heard, the playback ends. */
  finish(): void;
  /** Stops what plays and forgets what is queued. */
  stop(): void;
  /**
   * Ends the playback for the finished file to go on from it: where the visitor is and whether the
   * sound was playing, or null when there is nothing to go on from (ended, stopped, never started).
   */
  takeOver(): { heardSeconds: number; playing: boolean } | null;
  snapshot(): LivePlaybackSnapshot;
}

/** One piece on the audio context's clock, and where it sits in the final audio. */
interface ScheduledPiece {
  contextStart: number;
  audioStart: number;
  duration: number;
}

/**
 * One playback, for one request. `onChange` hears of every change of status and, while the speech
 * plays, of the position every POSITION_INTERVAL_MS.
 */
export function createLiveSpeechPlayer(
  onChange: (snapshot: LivePlaybackSnapshot) => void = () => {},
): LiveSpeechPlayer {
  let context: AudioContext | undefined;
  let nextStart = 0;
  const sources = new Set<AudioBufferSourceNode>();
  const scheduled: ScheduledPiece[] = [];
  let status: LivePlaybackStatus = 'off';
  let finished = false;
  let ended = false;
  let ticker: ReturnType<typeof setInterval> | undefined;
  let lastReported: LivePlaybackSnapshot | undefined;

  function heardSeconds(): number {
    if (!context) return 0;
    const now = context.currentTime;
    let heard = scheduled[0]?.audioStart ?? 0;
    for (const piece of scheduled) {
      if (piece.contextStart > now) break;
      heard = piece.audioStart + Math.min(now - piece.contextStart, piece.duration);
    }
    return heard;
  }

  function snapshot(): LivePlaybackSnapshot {
    return { status, heardSeconds: heardSeconds() };
  }

  function report() {
    const current = snapshot();
    if (
      lastReported?.status === current.status &&
      lastReported.heardSeconds === current.heardSeconds
    )
      return;
    lastReported = current;
    onChange(current);
  }

  function setStatus(next: LivePlaybackStatus) {
    status = next;
    clearInterval(ticker);
    ticker = next === 'playing' ? setInterval(report, POSITION_INTERVAL_MS) : undefined;
    report();
  }

  /** Stops the sound and the clock; `status` says what the visitor is told. */
  function end() {
    ended = true;
    for (const source of sources) source.stop();
    sources.clear();
    const closing = context;
    // The position is read before the context goes: a closed context's clock means nothing.
    setStatus('off');
    context = undefined;
    void closing?.close();
  }

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
    scheduled.push({
      contextStart: nextStart,
      audioStart: piece.startSeconds,
      duration: buffer.duration,
    });
    nextStart += buffer.duration;
    sources.add(source);
    source.onended = () => {
      sources.delete(source);
      if (finished && sources.size === 0 && !ended) end();
    };
  }

  return {
    play(piece) {
      if (ended || typeof AudioContext === 'undefined') return;
      try {
        if (!context) {
          context = new AudioContext();
          // A paused playback stays silent from its first piece; a context the browser holds
          // back (no gesture recently) is woken, since the visitor asked for the speech.
          if (status === 'paused') void context.suspend();
          else if (context.state === 'suspended') void context.resume();
        }
        schedule(context, piece);
        if (status === 'off') setStatus('playing');
      } catch {
        // No sound here (no output device, a blocked context): the finished file still comes.
      }
    },
    pause() {
      if (ended || status === 'paused') return;
      void context?.suspend();
      setStatus('paused');
    },
    resume() {
      if (ended || status !== 'paused') return;
      void context?.resume();
      // Paused before any piece came: nothing plays yet, the first piece will start the sound.
      setStatus(context ? 'playing' : 'off');
    },
    finish() {
      finished = true;
      // Nothing queued is left to hear, paused or not.
      if (!ended && sources.size === 0) end();
    },
    stop() {
      if (!ended) end();
    },
    takeOver() {
      if (ended || !context || scheduled.length === 0) {
        if (!ended) end();
        return null;
      }
      const handOver = { heardSeconds: heardSeconds(), playing: status === 'playing' };
      end();
      return handOver;
    },
    snapshot,
  };
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
