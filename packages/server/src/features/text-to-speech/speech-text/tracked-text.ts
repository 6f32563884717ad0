/**
 * Text rewritten for speaking that remembers what was written: each rewrite (a number spelled out,
 * an abbreviation expanded) keeps the written text it replaced, so a stretch of the spoken text
 * maps back to the words the visitor wrote. The captions show those (ADR 033), while the engine
 * speaks the rewritten words.
 */

/** A stretch of the text: one written character, or what a rewrite made of a written stretch. */
interface Cell {
  text: string;
  written: string;
}

/** A rewrite's match in the current text and the cells it touches, [first, last). */
interface Rewrite {
  text: string;
  written: string;
  /** Where the current text after the rewrite's matches resumes. */
  matchEnd: number;
  /** Where the cells it touches end: a rewrite ending inside a cell keeps that cell's rest. */
  cellsEnd: number;
  last: number;
}

export class TrackedText {
  readonly text: string;
  /** Where each cell starts in `text`. */
  private readonly starts: number[];

  private constructor(private readonly cells: readonly Cell[]) {
    this.text = cells.map((cell) => cell.text).join('');
    let offset = 0;
    this.starts = cells.map((cell) => {
      const start = offset;
      offset += cell.text.length;
      return start;
    });
  }

  static of(written: string): TrackedText {
    return new TrackedText(
      Array.from(written, (character) => ({ text: character, written: character })),
    );
  }

  /**
   * `String.prototype.replace` with a global pattern and a replacer given the match: each
   * replacement remembers the written text of what it replaced. A match that ends inside an earlier
   * rewrite takes that rewrite in whole, so written text is never cut.
   */
  replace(pattern: RegExp, replacer: (match: RegExpExecArray) => string): TrackedText {
    const cells: Cell[] = [];
    let copied = 0;
    let open: Rewrite | undefined;
    const close = (rewrite: Rewrite) => {
      cells.push({
        text: rewrite.text + this.text.slice(rewrite.matchEnd, rewrite.cellsEnd),
        written: rewrite.written,
      });
    };
    for (const match of this.text.matchAll(pattern)) {
      const start = match.index;
      const end = start + match[0].length;
      const replacement = replacer(match);
      // A match may start inside the last cell the one before took in.
      let first = Math.max(0, copied - 1);
      while (first < this.cells.length && this.cellEnd(first) <= start) first += 1;
      let last = first;
      while (last < this.cells.length && this.cellStart(last) < end) last += 1;
      const cellsEnd = last > first ? this.cellEnd(last - 1) : end;
      if (open && first < open.last) {
        // This match shares a cell with the one before: both become one rewrite.
        open.text += this.text.slice(open.matchEnd, start) + replacement;
        open.written += this.writtenOf(open.last, last);
        open.matchEnd = end;
        open.cellsEnd = Math.max(open.cellsEnd, cellsEnd);
        open.last = Math.max(open.last, last);
        copied = open.last;
        continue;
      }
      if (open) close(open);
      cells.push(...this.cells.slice(copied, first));
      const cellsStart = first < this.cells.length ? Math.min(this.cellStart(first), start) : start;
      open = {
        text: this.text.slice(cellsStart, start) + replacement,
        written: this.writtenOf(first, last),
        matchEnd: end,
        cellsEnd,
        last,
      };
      copied = last;
    }
    if (open) close(open);
    cells.push(...this.cells.slice(copied));
    return new TrackedText(cells);
  }

  /**
   * The written text behind `text.slice(start, end)`. A rewrite belongs to the stretch where its
   * words start: a chunk boundary inside "one million two hundred" gives "1,200,000" to the first.
   */
  writtenBetween(start: number, end: number): string {
    return this.cells
      .filter((_, index) => this.cellStart(index) >= start && this.cellStart(index) < end)
      .map((cell) => cell.written)
      .join('');
  }

  private cellStart(index: number): number {
    return this.starts[index] ?? this.text.length;
  }

  private cellEnd(index: number): number {
    return this.cellStart(index) + (this.cells[index]?.text.length ?? 0);
  }

  private writtenOf(first: number, last: number): string {
    return this.cells
      .slice(first, last)
      .map((cell) => cell.written)
      .join('');
  }
}
