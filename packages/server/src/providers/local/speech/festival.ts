/**
 * festival needs about a quarter of a second to start and load a voice: longer than it takes to
 * speak a sentence. So each festival voice runs in one long-lived process, started once with its
 * voice loaded, that reads Scheme commands from stdin; each request sends its commands and waits
 * for a marker line. The festival queue runs one request at a time, so a process never has two.
 * An abort kills the process (freeing the CPU at once) and the next request starts a new one.
 *
 * The text goes through a file and festival's own tts_file, which speaks it one sentence at a time
 * (as text2wave does): memory stays bounded for any length, and the text is never Scheme code.
 */
import { EngineProcess, type EngineRunOptions } from '../../../child-process.ts';
import type { FestivalVoiceName } from './voices.ts';

/**
 * festival's Scheme heap, in cells. Debian's default reserves about 300 MB per process; sentence
 * by sentence synthesis needs far less (about 45 MB idle, 110 MB on a 5000-character text).
 */
const HEAP_CELLS = 1_000_000;

export interface FestivalRequest {
  voice: FestivalVoiceName;
  /** A UTF-8 text file with the words to speak. */
  textPath: string;
  speed: number;
  /** The sample rate of the WAV festival writes. */
  sampleRate: number;
  /** Where festival writes the WAV. */
  wavePath: string;
}

export class FestivalVoices {
  private readonly processes = new Map<FestivalVoiceName, EngineProcess>();
  private requestCount = 0;

  /** Starts the voices now, so the first request does not wait for festival to load. */
  prepare(voices: readonly FestivalVoiceName[]): void {
    for (const voice of voices) this.processFor(voice);
  }

  async synthesize(
    request: FestivalRequest,
    options: Omit<EngineRunOptions, 'input'>,
  ): Promise<void> {
    const festival = this.processFor(request.voice);
    this.requestCount += 1;
    const marker = `festival-finished-${this.requestCount}`;
    festival.write(`${festivalCommands(request)}(format stderr "%s\\n" "${marker}")\n`);
    await festival.waitForErrorOutput(marker, options);
  }

  async close(): Promise<void> {
    const processes = [...this.processes.values()];
    this.processes.clear();
    await Promise.all(processes.map((festival) => festival.kill()));
  }

  private processFor(voice: FestivalVoiceName): EngineProcess {
    const current = this.processes.get(voice);
    if (current?.running) return current;
    // --pipe: read Scheme from stdin, print no prompts, exit at its end.
    const festival = new EngineProcess('festival', ['--heap', String(HEAP_CELLS), '--pipe'], {
      keepStdinOpen: true,
      discardOutput: true,
    });
    festival.write(
      [
        `(voice_${voice})`,
        "(defvar base_hts_engine_params (and (boundp 'hts_engine_params) hts_engine_params))",
        '(defvar spoken_wave nil)',
        // Each sentence's wave is appended to the request's one wave.
        '(set! tts_hooks (list utt.synth (lambda (utt) (set! spoken_wave (if spoken_wave (wave.append spoken_wave (utt.wave utt)) (utt.wave utt))))))',
        '',
      ].join('\n'),
    );
    this.processes.set(voice, festival);
    return festival;
  }
}

function festivalCommands(request: FestivalRequest): string {
  // The HTS voice ignores Duration_Stretch; its engine takes a speech rate ("-r") instead.
  const rate =
    request.voice === 'cmu_us_slt_arctic_hts'
      ? `(set! hts_engine_params (append base_hts_engine_params (list (list "-r" ${request.speed}))))`
      : `(Parameter.set 'Duration_Stretch ${1 / request.speed})`;
  return [
    rate,
    '(set! spoken_wave nil)',
    `(tts_file ${schemeString(request.textPath)} nil)`,
    // Resampled here, where it costs no extra process.
    `(wave.resample spoken_wave ${request.sampleRate})`,
    `(wave.save spoken_wave ${schemeString(request.wavePath)} 'riff)`,
    '(set! spoken_wave nil)',
    '',
  ].join('\n');
}

/** A Scheme string literal: a path can never break out of it into festival commands. */
function schemeString(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return `"${flat.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}
