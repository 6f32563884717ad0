/**
 * The words of a video script that are read aloud. The writer labels each section's lines (the
 * prompt and the local model's grammar use these labels); the voice-over reads the Voiceover lines
 * and leaves the title, the section headings, the on-screen text and the B-roll to the picture.
 */

/** The labels of a section's three lines, as the script writer is told to write them. */
export const SCRIPT_LABELS = {
  voiceover: 'Voiceover',
  onScreenText: 'On-screen text',
  bRoll: 'B-roll',
} as const;

/** "- **Voiceover:** words", and the ways other models write it: Voice-over, VO, Narrator. */
const SPOKEN_LINE =
  /^\s*(?:[-*+]\s+)?(?:\*\*|__)?\s*(?:voice[\s-]?over|vo|narrat(?:or|ion))\s*:?\s*(?:\*\*|__)?\s*:?\s*(.*)$/i;
/** Lines for the eye: headings, labelled picture cues, and [bracketed] or (parenthesised) directions. */
const PICTURE_LINE =
  /^\s*(?:#|(?:[-*+]\s+)?(?:\*\*|__)?\s*(?:on[\s-]?screen(?:\s+text)?|text\s+on\s+screen|b[\s-]?roll|visuals?|scene|shot|camera|music|sfx|sound|cut\s+to|transition|caption|title)\b[^:]*:|\s*[[(].*[\])]\s*$)/i;

/** Markdown emphasis, links and stray quotation marks around a spoken line. */
function plainWords(line: string): string {
  return line
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]+/g, '')
    .replace(/\[[^\]]*\]|\([^)]*\)/g, ' ')
    .replace(/^\s*["“”']+|["“”']+\s*$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The spoken lines of a script, one paragraph each. A script without Voiceover labels (a model that
 * wrote plain prose) is read whole, less its headings and picture cues.
 */
export function spokenScript(script: string): string {
  const lines = script.split(/\r?\n/);
  const labelled = lines
    .map((line) => SPOKEN_LINE.exec(line)?.[1])
    .filter((line): line is string => line !== undefined)
    .map(plainWords)
    .filter(Boolean);
  const spoken =
    labelled.length > 0
      ? labelled
      : lines
          .filter((line) => !PICTURE_LINE.test(line))
          .map((line) => plainWords(line.replace(/^\s*[-*+]\s+/, '')))
          .filter(Boolean);
  return spoken.map(endSentence).join('\n\n');
}

/** Each line is said as a sentence of its own: a pause after it, and a caption of its own. */
function endSentence(line: string): string {
  return /[.!?…。！？।]$/u.test(line) ? line : `${line}.`;
}

/**
 * The part of a text one speech request takes: all of it when it fits, else whole sentences up to
 * the limit (a long blog is read from its start).
 */
export function speechExcerpt(text: string, maxCharacters: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= maxCharacters) return trimmed;
  const head = trimmed.slice(0, maxCharacters);
  const lastSentenceEnd = Math.max(
    ...['. ', '! ', '? ', '.\n', '!\n', '?\n', '。', '！', '？', '।'].map((end) =>
      head.lastIndexOf(end),
    ),
  );
  const cut = lastSentenceEnd > maxCharacters / 2 ? lastSentenceEnd + 1 : head.lastIndexOf(' ');
  return head.slice(0, cut > 0 ? cut : maxCharacters).trim();
}
