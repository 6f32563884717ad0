/**
 * The little RIFF/WAVE the engines and speech APIs need: read any WAV (festival, flite, espeak-ng,
 * or a speech server: any PCM or float sample size, any channel count, streamed files with an
 * unknown length) as mono 16-bit PCM, and write the mono 16-bit WAV that pocketsphinx and the
 * transcription APIs read. Everything else about audio formats is ffmpeg's job (decode.ts,
 * encode.ts).
 */

export interface PcmAudio {
  /** Mono 16-bit little-endian samples. */
  pcm: Buffer;
  sampleRate: number;
}

export const WAV_HEADER_BYTES = 44;

const RIFF_HEADER_BYTES = 12;
const CHUNK_HEADER_BYTES = 8;
const PCM = 1;
const IEEE_FLOAT = 3;
const EXTENSIBLE = 0xfffe;
/** What streaming servers write as the data size when they do not know it yet. */
const UNKNOWN_SIZES = new Set([0, 0xffffffff]);

interface WavFormat {
  tag: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
}

export class WavFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WavFormatError';
  }
}

/** Reads a RIFF/WAVE file as mono 16-bit PCM. A data size the writer could not fill in is ignored. */
export function parseWav(file: Buffer): PcmAudio {
  if (
    file.length < RIFF_HEADER_BYTES ||
    file.toString('ascii', 0, 4) !== 'RIFF' ||
    file.toString('ascii', 8, 12) !== 'WAVE'
  ) {
    throw new WavFormatError('not a RIFF/WAVE file');
  }
  let format: WavFormat | undefined;
  let offset = RIFF_HEADER_BYTES;
  while (offset + CHUNK_HEADER_BYTES <= file.length) {
    const id = file.toString('ascii', offset, offset + 4);
    const size = file.readUInt32LE(offset + 4);
    const start = offset + CHUNK_HEADER_BYTES;
    if (id === 'fmt ') {
      if (size < 16 || start + 16 > file.length) throw new WavFormatError('short fmt chunk');
      let tag = file.readUInt16LE(start);
      // WAVE_FORMAT_EXTENSIBLE keeps the real format in the first two bytes of its sub-format GUID.
      if (tag === EXTENSIBLE && size >= 26 && start + 26 <= file.length)
        tag = file.readUInt16LE(start + 24);
      format = {
        tag,
        channels: file.readUInt16LE(start + 2),
        sampleRate: file.readUInt32LE(start + 4),
        bitsPerSample: file.readUInt16LE(start + 14),
      };
    } else if (id === 'data') {
      if (!format) throw new WavFormatError('data before fmt');
      const end =
        UNKNOWN_SIZES.has(size) || start + size > file.length ? file.length : start + size;
      return { pcm: toMono16(file.subarray(start, end), format), sampleRate: format.sampleRate };
    }
    offset = start + size + (size % 2);
  }
  throw new WavFormatError('no data chunk');
}

function toMono16(data: Buffer, format: WavFormat): Buffer {
  const { tag, channels, bitsPerSample, sampleRate } = format;
  const bytesPerSample = bitsPerSample / 8;
  const supported =
    (tag === PCM && [8, 16, 24, 32].includes(bitsPerSample)) ||
    (tag === IEEE_FLOAT && bitsPerSample === 32);
  if (!supported || channels < 1 || sampleRate < 1) {
    throw new WavFormatError(
      `unsupported format ${tag}/${bitsPerSample} bits/${channels} channels`,
    );
  }
  const read = (at: number): number => {
    if (tag === IEEE_FLOAT) return data.readFloatLE(at);
    if (bitsPerSample === 8) return (data.readUInt8(at) - 128) / 128;
    if (bitsPerSample === 16) return data.readInt16LE(at) / 32768;
    if (bitsPerSample === 24) return data.readIntLE(at, 3) / 8388608;
    return data.readInt32LE(at) / 2147483648;
  };
  if (tag === PCM && bitsPerSample === 16 && channels === 1) {
    // Whole samples only: a writer cut short may leave half of one.
    return Buffer.from(data.subarray(0, data.length - (data.length % 2)));
  }
  const frameBytes = bytesPerSample * channels;
  const frames = Math.floor(data.length / frameBytes);
  const output = Buffer.alloc(frames * 2);
  for (let frame = 0; frame < frames; frame += 1) {
    let sum = 0;
    for (let channel = 0; channel < channels; channel += 1) {
      sum += read(frame * frameBytes + channel * bytesPerSample);
    }
    output.writeInt16LE(toInt16(sum / channels), frame * 2);
  }
  return output;
}

/** A sample in [-1, 1] as 16-bit; -1 reaches -32768, the inverse of reading 16-bit as x / 32768. */
function toInt16(sample: number): number {
  const clamped = Math.max(-1, Math.min(1, sample));
  return Math.round(clamped < 0 ? clamped * 32768 : clamped * 32767);
}

/** 16-bit PCM from samples in [-1, 1]. Int16Array is little-endian on every platform Node runs here. */
export function floatToPcm(samples: Float32Array): Buffer {
  const values = new Int16Array(samples.length);
  for (let index = 0; index < samples.length; index += 1) {
    values[index] = toInt16(samples[index] ?? 0);
  }
  return Buffer.from(values.buffer, values.byteOffset, values.byteLength);
}

/** Samples in [-1, 1] from 16-bit PCM, the inverse of floatToPcm. */
export function pcmToFloat(pcm: Buffer): Float32Array {
  const frames = Math.floor(pcm.length / 2);
  const samples = new Float32Array(frames);
  for (let index = 0; index < frames; index += 1)
    samples[index] = pcm.readInt16LE(index * 2) / 32768;
  return samples;
}

/** The 44-byte header of a plain mono 16-bit WAV, the kind every engine and API here reads. */
export function wavHeader(dataBytes: number, sampleRate: number): Buffer {
  const header = Buffer.alloc(WAV_HEADER_BYTES);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(PCM, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** A mono 16-bit WAV file of the samples (in [-1, 1]). */
export function encodeWav(samples: Float32Array, sampleRate: number): Buffer {
  return Buffer.concat([wavHeader(samples.length * 2, sampleRate), floatToPcm(samples)]);
}

export function pcmDurationSeconds(audio: PcmAudio): number {
  return audio.pcm.length / 2 / audio.sampleRate;
}
