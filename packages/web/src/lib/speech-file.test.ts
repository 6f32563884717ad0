import { MP3_KILOBITS_PER_SECOND, type SpeechPieceEvent } from '@ai-tools/contracts';
import { collectSpeechFile } from './speech-file.ts';
import { blobBytes, tonePiece } from './test-helpers.tsx';

const SAMPLE_RATE = 24_000;

/** A piece of punctuation alone: no samples, any rate. */
const silentPiece = (index: number): SpeechPieceEvent => ({
  index,
  text: '…',
  startSeconds: 0,
  endSeconds: 0,
  sampleRate: 0,
  pcmBase64: '',
});

async function bytesOf(blob: Blob | null): Promise<Uint8Array> {
  expect(blob).not.toBeNull();
  return blobBytes(blob!);
}

/** MPEG-2 Layer III bitrates by index (kbit/s), and the frames of a file, walked by their headers. */
const MPEG2_LAYER3_KILOBITS = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const MPEG2_SAMPLE_RATES = [22_050, 24_000, 16_000];

function mp3Frames(bytes: Uint8Array): {
  frames: number;
  kilobits: Set<number>;
  rates: Set<number>;
} {
  const kilobits = new Set<number>();
  const rates = new Set<number>();
  let frames = 0;
  let offset = 0;
  while (offset + 4 <= bytes.length) {
    const [sync, versionAndLayer, bitrateAndRate] = [
      bytes[offset]!,
      bytes[offset + 1]!,
      bytes[offset + 2]!,
    ];
    // Frame sync, MPEG-2 (version bits 10), Layer III (01): 0xFFF2 or 0xFFF3.
    expect(sync, `frame sync at byte ${offset}`).toBe(0xff);
    expect(versionAndLayer & 0xfe, `MPEG-2 Layer III at byte ${offset}`).toBe(0xf2);
    const bitrate = MPEG2_LAYER3_KILOBITS[bitrateAndRate >> 4]!;
    const sampleRate = MPEG2_SAMPLE_RATES[(bitrateAndRate >> 2) & 0b11]!;
    const padding = (bitrateAndRate >> 1) & 1;
    kilobits.add(bitrate);
    rates.add(sampleRate);
    offset += Math.floor((72 * bitrate * 1000) / sampleRate) + padding;
    frames += 1;
  }
  expect(offset, 'the file ends on a whole frame').toBe(bytes.length);
  return { frames, kilobits, rates };
}

describe('the speech file the page makes from streamed pieces', () => {
  it('writes a WAV of the pieces’ own samples behind a 44-byte header', async () => {
    const file = collectSpeechFile('wav')!;
    const pieces = [tonePiece(0, 1), silentPiece(1), tonePiece(2, 0.5)];
    pieces.forEach((piece) => file.add(piece));
    const blob = await file.file();
    const bytes = await bytesOf(blob);
    expect(blob!.type).toBe('audio/wav');
    const view = new DataView(bytes.buffer);
    expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe('RIFF');
    expect(view.getUint32(24, true)).toBe(SAMPLE_RATE);
    expect(view.getUint32(40, true)).toBe(1.5 * SAMPLE_RATE * 2);
    expect(bytes.length).toBe(44 + 1.5 * SAMPLE_RATE * 2);
  });

  it('encodes an MP3 at the server’s bitrate, as long as the pieces', async () => {
    const file = collectSpeechFile('mp3')!;
    const pieces = [tonePiece(0, 2), silentPiece(1), tonePiece(2, 1.5), tonePiece(3, 2.5)];
    pieces.forEach((piece) => file.add(piece));
    const blob = await file.file();
    const bytes = await bytesOf(blob);
    expect(blob!.type).toBe('audio/mpeg');
    const { frames, kilobits, rates } = mp3Frames(bytes);
    expect([...kilobits]).toEqual([MP3_KILOBITS_PER_SECOND]);
    expect([...rates]).toEqual([SAMPLE_RATE]);
    // 576 samples a frame: 6 s of speech, plus the encoder's delay and last part frame.
    const seconds = (frames * 576) / SAMPLE_RATE;
    expect(seconds).toBeGreaterThanOrEqual(6);
    expect(seconds).toBeLessThan(6.2);
  });

  it('makes no file of pieces that disagree on their sample rate, or of silence alone', async () => {
    for (const format of ['wav', 'mp3'] as const) {
      const mixed = collectSpeechFile(format)!;
      mixed.add(tonePiece(0, 0.5));
      mixed.add(tonePiece(1, 0.5, 16_000));
      expect(await mixed.file(), format).toBeNull();

      const silent = collectSpeechFile(format)!;
      silent.add(silentPiece(0));
      expect(await silent.file(), format).toBeNull();
    }
  });

  it('leaves the compressed formats browsers cannot all encode to the answer', () => {
    expect(collectSpeechFile('opus')).toBeUndefined();
    expect(collectSpeechFile('aac')).toBeUndefined();
    expect(collectSpeechFile('flac')).toBeUndefined();
  });
});
