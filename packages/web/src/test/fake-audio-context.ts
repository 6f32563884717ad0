/**
 * A stand-in for the Web Audio API, which jsdom lacks: a clock the test moves by hand, sources
 * that end when the clock passes their end, and suspend/resume that hold and free the clock as a
 * browser's do. Installed as the global AudioContext for one test.
 */
import type { SpeechPieceEvent } from '@ai-tools/contracts';
import { vi } from 'vitest';

/**
 * A streamed piece of `seconds` of speech starting at `startSeconds` of the final audio: 2 samples
 * a second, so it lasts that long and stays small.
 */
export function speechPiece(
  index: number,
  startSeconds: number,
  seconds: number,
): SpeechPieceEvent {
  return {
    index,
    text: `Sentence ${index}.`,
    startSeconds,
    endSeconds: startSeconds + seconds,
    sampleRate: 2,
    pcmBase64: btoa('\u0000\u0001'.repeat(2 * seconds)),
  };
}

export class FakeBufferSource {
  buffer: { duration: number } | null = null;
  onended: (() => void) | null = null;
  startAt: number | null = null;
  stopped = false;

  constructor(private readonly context: FakeAudioContext) {}

  connect() {}

  start(when = 0) {
    this.startAt = Math.max(when, this.context.currentTime);
  }

  stop() {
    this.stopped = true;
  }

  /** Where this source's sound ends on the context's clock. */
  get endsAt(): number {
    return (this.startAt ?? Infinity) + (this.buffer?.duration ?? 0);
  }
}

export class FakeAudioContext {
  /** Every context the page made, newest last. */
  static made: FakeAudioContext[] = [];

  currentTime = 0;
  state: 'running' | 'suspended' | 'closed' = 'running';
  readonly destination = {};
  readonly sources: FakeBufferSource[] = [];

  constructor() {
    FakeAudioContext.made.push(this);
  }

  createBuffer(_channels: number, length: number, sampleRate: number) {
    return { duration: length / sampleRate, copyToChannel() {} };
  }

  createBufferSource() {
    const source = new FakeBufferSource(this);
    this.sources.push(source);
    return source;
  }

  suspend() {
    if (this.state === 'running') this.state = 'suspended';
    return Promise.resolve();
  }

  resume() {
    if (this.state === 'suspended') this.state = 'running';
    return Promise.resolve();
  }

  close() {
    this.state = 'closed';
    return Promise.resolve();
  }

  /** Moves the clock on, unless suspended or closed, and ends the sources it passes. */
  advance(seconds: number) {
    if (this.state !== 'running') return;
    this.currentTime += seconds;
    for (const source of this.sources) {
      if (!source.stopped && source.startAt !== null && source.endsAt <= this.currentTime) {
        source.stopped = true;
        source.onended?.();
      }
    }
  }

  /** The sources still to be heard. */
  playing(): FakeBufferSource[] {
    return this.sources.filter((source) => !source.stopped);
  }
}

/** Installs the fake as the global AudioContext; vi.unstubAllGlobals() removes it. */
export function installFakeAudioContext() {
  FakeAudioContext.made = [];
  vi.stubGlobal('AudioContext', FakeAudioContext);
  return {
    /** The context the page made last. */
    context(): FakeAudioContext {
      const context = FakeAudioContext.made.at(-1);
      if (!context) throw new Error('The page made no AudioContext.');
      return context;
    },
  };
}
