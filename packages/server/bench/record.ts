/**
 * The one way a benchmark reports a figure: `record()` prints it and adds it to the run's record,
 * the JSON file bench/index.ts writes for each `npm run bench`. The runner names a file in
 * BENCH_FIGURES_FILE; each figure is appended to it as one JSON line at once, so the figures a
 * benchmark measured before it crashed still reach the record. Run on its own (`node --import tsx
 * bench/text.bench.ts`), a benchmark only prints.
 */
import { appendFileSync } from 'node:fs';

/** Read by bench/index.ts and packages/web/scripts/bench-web.mjs too. */
export const FIGURES_FILE_VARIABLE = 'BENCH_FIGURES_FILE';

export interface Figure {
  /** What was measured, unique within its benchmark: "Text model, run 1: time to first token". */
  name: string;
  /** A number where it can be; a writer's quality point may be a yes or no, or a short text. */
  value: number | boolean | string;
  /**
   * "s", "ms", "MB", "tokens/s", "%"... "x real time" always means processing seconds per second
   * of audio: smaller is faster, 0.3 is 3 s of work for 10 s of audio.
   */
  unit?: string;
  /** As a reader says it: "< 3 s". A missed target is reported, never a failure. */
  target?: string;
}

/** Three significant digits, whole numbers from 100 up: 0.0112, 2.13, 12.3, 1234. */
function shown(value: Figure['value']): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return String(value);
  return Math.abs(value) >= 100 ? value.toFixed(0) : String(Number(value.toPrecision(3)));
}

/**
 * Prints the figure and adds it to the record. `print: false` is for a figure a table line has
 * already shown, where one line per figure would bury the table.
 */
export function record(figure: Figure, { print = true } = {}): void {
  if (print) {
    const unit = figure.unit ? ` ${figure.unit}` : '';
    const target = figure.target ? ` (target ${figure.target})` : '';
    console.log(`  ${figure.name}: ${shown(figure.value)}${unit}${target}`);
  }
  const file = process.env[FIGURES_FILE_VARIABLE];
  // Four significant digits: the timings of a shared machine are not finer than that.
  const value =
    typeof figure.value === 'number' ? Number(figure.value.toPrecision(4)) : figure.value;
  if (file) appendFileSync(file, `${JSON.stringify({ ...figure, value })}\n`);
}
