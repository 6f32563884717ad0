/**
 * The audio path around the engines: ffmpeg encoding of synthesized speech into each format,
 * decoding an upload of the longest allowed length, and the text preparation for the longest
 * allowed text. Engine speed is measured by the engines' own benchmarks.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIMITS, OUTPUT_FORMATS } from '@ai-tools/contracts';
import { decodeToSamples } from '../src/audio/decode.ts';
import { encodePcm } from '../src/audio/encode.ts';
import { probeAudio } from '../src/audio/probe.ts';
import {
  prepareSpeechText,
  splitIntoChunks,
} from '../src/features/text-to-speech/speech-text/index.ts';
import { sinePcm } from '../test/helpers/audio-doubles.ts';
import { record } from './record.ts';

const SPEECH_SECONDS = 60;
const SAMPLE_RATE = 24_000;
const folder = mkdtempSync(join(tmpdir(), 'audio-bench-'));

try {
  console.log(`Encoding ${SPEECH_SECONDS} s of ${SAMPLE_RATE} Hz mono PCM:`);
  const pcm = sinePcm(SPEECH_SECONDS, SAMPLE_RATE);
  for (const format of OUTPUT_FORMATS) {
    const started = performance.now();
    const bytes = await encodePcm({ pcm, sampleRate: SAMPLE_RATE, format, folder });
    const milliseconds = performance.now() - started;
    // Seconds of work per second of audio, as every "x real time" of the benchmarks.
    const factor = milliseconds / 1000 / SPEECH_SECONDS;
    console.log(
      `  ${format.padEnd(5)} ${milliseconds.toFixed(0).padStart(5)} ms  ${(bytes.length / 1024).toFixed(0).padStart(6)} KB  ${factor.toFixed(4)}x real time`,
    );
    record(
      { name: `encoding into ${format}`, value: factor, unit: 'x real time' },
      { print: false },
    );
    record(
      { name: `${format} size of ${SPEECH_SECONDS} s`, value: bytes.length / 1024, unit: 'KB' },
      { print: false },
    );
  }

  const uploadPath = join(folder, 'upload.mp3');
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:sample_rate=44100:duration=${LIMITS.audioMaxSeconds}`,
    '-c:a',
    'libmp3lame',
    '-b:a',
    '64k',
    '-y',
    uploadPath,
  ]);
  const uploadMegabytes = readFileSync(uploadPath).length / 1_000_000;
  console.log(
    `\nAn upload of ${LIMITS.audioMaxSeconds / 60} minutes (MP3, ${uploadMegabytes.toFixed(1)} MB):`,
  );
  let started = performance.now();
  await probeAudio(uploadPath);
  record({ name: 'ffprobe of the upload', value: performance.now() - started, unit: 'ms' });
  const heapBefore = process.memoryUsage().arrayBuffers;
  started = performance.now();
  const samples = await decodeToSamples({
    path: uploadPath,
    sampleRate: 16_000,
    maxSeconds: LIMITS.audioMaxSeconds + 1,
  });
  record({ name: 'upload decoded to 16 kHz', value: performance.now() - started, unit: 'ms' });
  record({
    name: `upload's ${samples.length} samples in memory`,
    value: (process.memoryUsage().arrayBuffers - heapBefore) / 1_000_000,
    unit: 'MB',
  });

  const paragraph =
    '## Notes\n\nDr. Smith paid $1,250.75 on the 3rd of May, 2024, e.g. for **42** books, etc. ' +
    'See [the list](https://example.com). The meeting starts at 10:30 and ends at 12:00. ';
  const text = paragraph
    .repeat(Math.ceil(LIMITS.textToSpeechMaxCharacters / paragraph.length))
    .slice(0, LIMITS.textToSpeechMaxCharacters);
  started = performance.now();
  const prepared = prepareSpeechText(text);
  const chunks = splitIntoChunks(prepared.text, 1000, prepared.language);
  const preparingMilliseconds = performance.now() - started;
  console.log(
    `\nPreparing ${text.length} characters of markdown for speech: ${preparingMilliseconds.toFixed(1)} ms, ${chunks.length} chunks`,
  );
  record(
    { name: 'longest text prepared for speech', value: preparingMilliseconds, unit: 'ms' },
    { print: false },
  );
  writeFileSync(join(folder, 'prepared.txt'), prepared.text);
} finally {
  rmSync(folder, { recursive: true, force: true });
}
