/**
 * A long recording's samples are held once: ffmpeg's output goes straight into one array, and each
 * piece Whisper hears travels to its worker as its own small copy, never as a view whose whole
 * buffer (the whole recording) structured cloning would copy.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeToSamples, SampleCollector } from '../src/audio/decode.ts';
import { WhisperThread } from '../src/providers/local/transcription/whisper-thread.ts';
import type {
  WhisperReply,
  WhisperRequest,
} from '../src/providers/local/transcription/whisper-protocol.ts';
import { makeToneFile } from './helpers/audio-doubles.ts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function littleEndianFloats(values: number[]): Buffer {
  const bytes = Buffer.alloc(values.length * 4);
  values.forEach((value, index) => bytes.writeFloatLE(value, index * 4));
  return bytes;
}

test('samples split between chunks, and more than expected, arrive whole and in order', () => {
  const values = Array.from({ length: 10 }, (_, index) => index / 10);
  const bytes = littleEndianFloats(values);
  const collector = new SampleCollector(100, 4);
  // Cut inside floats: 3 bytes, then 9, then the rest.
  collector.add(bytes.subarray(0, 3));
  collector.add(bytes.subarray(3, 12));
  collector.add(bytes.subarray(12));
  assert.deepEqual([...collector.result()], [...new Float32Array(values)]);
});

test('samples past the most are dropped, and a result much shorter than its array is trimmed', () => {
  const capped = new SampleCollector(5, 5);
  capped.add(littleEndianFloats([1, 2, 3, 4, 5, 6, 7]));
  assert.deepEqual([...capped.result()], [1, 2, 3, 4, 5]);

  const overstated = new SampleCollector(1000, 1000);
  overstated.add(littleEndianFloats([1, 2]));
  const result = overstated.result();
  assert.equal(result.length, 2);
  assert.equal(result.buffer.byteLength, 8, 'the unused 998 samples are not kept alive');
});

test('a decoded file is one array of its own length', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'decode-'));
  try {
    const path = join(folder, 'tone.wav');
    writeFileSync(path, makeToneFile('wav', 3));
    const samples = await decodeToSamples({
      path,
      sampleRate: 16_000,
      maxSeconds: 10,
      expectedSeconds: 3,
    });
    assert.ok(Math.abs(samples.length - 48_000) < 160, `${samples.length}`);
    // Sized from the container's length plus a second: not grown and copied, nor trimmed.
    assert.ok(samples.buffer.byteLength <= 4 * 16_000 * 4);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test("Whisper's worker gets each piece as its own buffer, moved, not the recording's", async () => {
  const recording = new Float32Array(16_000 * 600);
  const piece = recording.subarray(16_000 * 30, 16_000 * 60);
  const sent: { body: WhisperRequest; transfer: ArrayBuffer[] }[] = [];
  const thread = Object.create(WhisperThread.prototype) as WhisperThread;
  Object.assign(thread, {
    request: async (body: WhisperRequest, _signal: AbortSignal, transfer: ArrayBuffer[]) => {
      sent.push({ body, transfer });
      return {
        kind: 'decoded',
        piece: {
          parts: [],
          language: 'en',
          noSpeechProbability: 0,
          averageLogProbability: 0,
          reachedTokenLimit: false,
          stopped: false,
        },
      } satisfies WhisperReply;
    },
  });
  await thread.decode(
    { samples: piece, language: 'en', task: 'transcribe' },
    100,
    new AbortController().signal,
  );
  const [{ body, transfer }] = sent as [(typeof sent)[number]];
  assert.equal(body.kind, 'decode');
  const samples = (body as { samples: Float32Array }).samples;
  assert.equal(samples.buffer.byteLength, piece.byteLength, 'the piece, not the recording');
  assert.deepEqual(transfer, [samples.buffer]);
  assert.equal(recording.length, 16_000 * 600, 'the recording itself stays usable');
});
