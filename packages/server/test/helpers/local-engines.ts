/**
 * Helpers for the tests and benchmarks of the local speech engines: the child processes this
 * process has started, Debian's reference recordings, resampling with ffmpeg, and word error rate.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeWav } from '../../src/audio/wav.ts';
import type { SynthesizedSpeech } from '../../src/providers/types.ts';
import { numbersToWords } from '../../src/features/text-to-speech/speech-text/index.ts';

export const POCKETSPHINX_TEST_DATA = '/usr/share/pocketsphinx/test/data';
/** Recorded telephone prompts in Spanish, French, Italian and Russian (asterisk-core-sounds-*-wav). */
export const ASTERISK_SOUNDS = '/usr/share/asterisk/sounds';

/** Child processes of this process, by name (Linux truncates names to 15 characters). */
export function childProcesses(): { pid: number; name: string }[] {
  const children: { pid: number; name: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === process.pid && fields[0] !== 'Z')
        children.push({ pid: Number(entry), name });
    } catch {
      // The process ended while the list was read.
    }
  }
  return children;
}

export function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** Waits until a child process whose name starts with `name` runs, and returns its pid. */
export async function waitForChild(name: string, timeoutMs = 20_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = childProcesses().find((child) => child.name.startsWith(name));
    if (found) return found.pid;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`No child process named ${name} started.`);
}

/** Samples in [-1, 1] from 16-bit little-endian PCM. */
export function pcmSamples(pcm: Buffer): Float32Array {
  const samples = new Float32Array(Math.floor(pcm.length / 2));
  for (let index = 0; index < samples.length; index += 1)
    samples[index] = pcm.readInt16LE(index * 2) / 32768;
  return samples;
}

/** A 16 kHz mono 16-bit WAV of Debian's test data, as the samples a transcriber receives. */
export function referenceRecording(relativePath: string): Float32Array {
  const file = readFileSync(join(POCKETSPHINX_TEST_DATA, relativePath));
  return pcmSamples(relativePath.endsWith('.raw') ? file : file.subarray(44));
}

/**
 * A WAV of `seconds` of read English: Debian's five librivox readings one after another, again
 * from the first as often as it takes (16 kHz mono, as uploaded).
 */
export function librivoxReading(seconds: number): Buffer {
  const readings = readdirSync(join(POCKETSPHINX_TEST_DATA, 'librivox'))
    .filter((name) => name.endsWith('.wav'))
    .sort()
    .map((name) => referenceRecording(join('librivox', name)));
  const samples = new Float32Array(seconds * 16_000);
  for (let filled = 0, next = 0; filled < samples.length; next = (next + 1) % readings.length) {
    const part = readings[next]!.subarray(0, samples.length - filled);
    samples.set(part, filled);
    filled += part.length;
  }
  return encodeWav(samples, 16_000);
}

/** Resamples synthesized speech to 16 kHz float samples, as the service's ffmpeg decoder does. */
export function toTranscriptionSamples(speech: SynthesizedSpeech): Float32Array {
  const pcm = execFileSync(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      's16le',
      '-ar',
      String(speech.sampleRate),
      '-ac',
      '1',
      '-i',
      'pipe:0',
      '-ar',
      '16000',
      '-f',
      's16le',
      'pipe:1',
    ],
    { input: speech.pcm, maxBuffer: 1 << 28 },
  );
  return pcmSamples(pcm);
}

/** Lower-case words of any script (combining marks kept, as Devanagari needs), no punctuation. */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}\p{M}' ]+/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/** Edits (substitutions, deletions, insertions) that turn one sequence into the other. */
export function editDistance(expected: readonly string[], heard: readonly string[]): number {
  let previous = Array.from({ length: heard.length + 1 }, (_, index) => index);
  for (let row = 1; row <= expected.length; row += 1) {
    const current = [row];
    for (let column = 1; column <= heard.length; column += 1) {
      const substitution =
        (previous[column - 1] ?? 0) + (expected[row - 1] === heard[column - 1] ? 0 : 1);
      current.push(
        Math.min((previous[column] ?? 0) + 1, (current[column - 1] ?? 0) + 1, substitution),
      );
    }
    previous = current;
  }
  return previous[heard.length] ?? 0;
}

/**
 * English word error rate: (substitutions + deletions + insertions) / reference words. Numbers
 * are spelled out on both sides first (by the product's own speller), as Whisper's English
 * normaliser does, so "7 of clubs" matches "seven of clubs".
 */
export function wordErrors(
  reference: string,
  hypothesis: string,
): { errors: number; words: number } {
  const expected = words(numbersToWords(reference));
  return {
    errors: editDistance(expected, words(numbersToWords(hypothesis))),
    words: expected.length,
  };
}

/** Reference transcripts of the librivox and cards recordings: `<s> words </s> (id)` lines. */
export function referenceTranscripts(): { path: string; text: string }[] {
  const sets = [
    { folder: 'librivox', file: 'librivox/transcription' },
    { folder: 'cards', file: 'cards/cards.transcription' },
  ];
  return sets.flatMap(({ folder, file }) =>
    readFileSync(join(POCKETSPHINX_TEST_DATA, file), 'utf8')
      .split('\n')
      .flatMap((line) => {
        const match = /^<s>(.*)<\/s>\s*\((\S+)\)/.exec(line.trim());
        return match ? [{ path: `${folder}/${match[2]}.wav`, text: (match[1] ?? '').trim() }] : [];
      }),
  );
}

/** Linux counts CPU time in clock ticks of 1/100 s. */
const CLOCK_TICKS_PER_SECOND = 100;

function statFields(pid: number | 'self'): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** CPU seconds a process has used so far, its own (user and system). */
export function processCpuSeconds(pid: number): number {
  const fields = statFields(pid);
  return (Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) / CLOCK_TICKS_PER_SECOND;
}

/**
 * CPU seconds used so far by this process and its engines: its own time, the children it has
 * reaped and the children still running (festival's long-lived voices). On a shared machine this
 * measures the work, where wall time also measures the neighbours.
 */
export function cpuSeconds(): number {
  // After the pid and name, utime is field 12 and stime 13, cutime 14 and cstime 15 (0-based).
  const own = statFields('self');
  let ticks = [11, 12, 13, 14].reduce((total, index) => total + Number(own[index] ?? 0), 0);
  for (const { pid } of childProcesses()) {
    try {
      const child = statFields(pid);
      ticks += Number(child[11] ?? 0) + Number(child[12] ?? 0);
    } catch {
      // It ended meanwhile: its time is now in this process's children total.
    }
  }
  return ticks / CLOCK_TICKS_PER_SECOND;
}
