/**
 * Decodes any audio ffmpeg reads (wav, mp3, m4a/aac, ogg/opus, webm, flac, ...) into mono float
 * samples at the rate a recogniser expects. The samples go straight from ffmpeg's output into
 * their array: an hour of audio is 230 MB of them, held once, not once in pieces and again joined.
 */
import { SERVER_MESSAGES } from '@ai-tools/contracts';
import { runEngineProcess } from '../child-process.ts';

export interface DecodeRequest {
  path: string;
  sampleRate: number;
  /** Decoding stops here, so a file that hides its length cannot fill the memory. */
  maxSeconds: number;
  /**
   * The length the container says it has (ffprobe): the array is made that long at once. Unset,
   * or wrong, the array grows as the samples come.
   */
  expectedSeconds?: number;
  signal?: AbortSignal;
}

export async function decodeToSamples(request: DecodeRequest): Promise<Float32Array> {
  const { path, sampleRate, maxSeconds, expectedSeconds, signal } = request;
  // Room for a second more than the container says: its figure may be rounded down.
  const firstSeconds = expectedSeconds === undefined ? FIRST_CAPACITY_SECONDS : expectedSeconds + 1;
  const samples = new SampleCollector(
    Math.ceil(maxSeconds * sampleRate),
    Math.ceil(Math.min(firstSeconds, maxSeconds) * sampleRate),
  );
  await runEngineProcess(
    'ffmpeg',
    [
      '-nostdin',
      '-hide_banner',
      '-loglevel',
      'error',
      '-i',
      path,
      '-t',
      String(maxSeconds),
      '-vn',
      '-ac',
      '1',
      '-ar',
      String(sampleRate),
      '-f',
      'f32le',
      'pipe:1',
    ],
    {
      signal,
      failureMessage: SERVER_MESSAGES.audioProcessingFailed,
      onOutput: (chunk) => samples.add(chunk),
    },
  );
  return samples.result();
}

/** Without a length to go by, the array starts at a minute of audio and doubles as it fills. */
const FIRST_CAPACITY_SECONDS = 60;
/** A result this much smaller than its array is copied into one of its size. */
const MOST_UNUSED_SHARE = 0.1;

/**
 * Little-endian float samples as they arrive, in one array (a float may be split between two
 * chunks). Never throws: it is fed from a stream's 'data' events.
 */
export class SampleCollector {
  private samples: Float32Array;
  private length = 0;
  /** The bytes of a float whose rest is in the next chunk. */
  private carry: Buffer = Buffer.alloc(0);

  /**
   * @param mostSamples The most it takes; samples past it are dropped (ffmpeg's -t stops there).
   * @param firstSamples The array's first length: as many as are expected, where that is known.
   */
  constructor(
    private readonly mostSamples: number,
    firstSamples: number,
  ) {
    this.samples = new Float32Array(Math.min(mostSamples, firstSamples));
  }

  add(chunk: Buffer): void {
    const bytes = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    const count = Math.min(Math.floor(bytes.length / 4), this.mostSamples - this.length);
    this.makeRoom(this.length + count);
    new Uint8Array(this.samples.buffer, this.length * 4, count * 4).set(
      bytes.subarray(0, count * 4),
    );
    this.length += count;
    this.carry = Buffer.from(bytes.subarray(Math.floor(bytes.length / 4) * 4));
  }

  result(): Float32Array {
    const used = this.samples.subarray(0, this.length);
    // An array much longer than its samples (a container that overstated its length) would keep
    // its whole size alive for as long as the samples are used.
    if (this.samples.length - this.length > this.samples.length * MOST_UNUSED_SHARE) {
      return used.slice();
    }
    return used;
  }

  private makeRoom(needed: number): void {
    if (needed <= this.samples.length) return;
    const grown = new Float32Array(
      Math.min(this.mostSamples, Math.max(needed, this.samples.length * 2)),
    );
    grown.set(this.samples.subarray(0, this.length));
    this.samples = grown;
  }
}
