/**
 * A generated text's markdown as the visitor should see it in the moments the renderer cannot
 * show it well (issue 22): while the text still streams in, and before react-markdown has loaded.
 * Plain string work, so none of it weighs on the first page load the way a parser would.
 */

/** A marker that pairs: bold (`**`, `__`), italic (`*`), code (`` ` ``), strike-through (`~~`). */
const PAIRED_MARKERS = ['**', '__', '~~', '`'] as const;

/**
 * The text with the markers a stream has opened but not yet closed taken out of its last
 * paragraph: "A **bold wo" shows as "A bold wo" until the closing "**" arrives and the renderer
 * makes it bold, instead of flashing the asterisks. Also drops a trailing line of bare `#`s (a
 * heading whose words have not arrived). Earlier paragraphs are whole and left alone.
 */
export function withoutOpenMarkers(text: string): string {
  const paragraphStart = text.lastIndexOf('\n\n') + 1;
  const before = text.slice(0, paragraphStart);
  let last = text.slice(paragraphStart).replace(/(^|\n)#{1,6}\s*$/, '$1');
  for (const marker of PAIRED_MARKERS) last = withoutUnpaired(last, marker);
  last = withoutUnpairedAsterisk(last);
  return before + last;
}

/** Takes out the last `marker` when the paragraph holds an odd number of them. */
function withoutUnpaired(paragraph: string, marker: string): string {
  const count = paragraph.split(marker).length - 1;
  if (count % 2 === 0) return paragraph;
  const at = paragraph.lastIndexOf(marker);
  return paragraph.slice(0, at) + paragraph.slice(at + marker.length);
}

/**
 * The single `*` of italics, once the paired `**` are gone. A list bullet ("* item" at a line's
 * start) and a `*` between spaces ("5 * 3") mark nothing; a trailing one (perhaps the first half
 * of "**") may still open italics.
 */
function withoutUnpairedAsterisk(paragraph: string): string {
  const emphasis = [...paragraph.matchAll(/(?<!\*)\*(?!\*)/g)].filter(
    (match) => !isBullet(paragraph, match.index) && !standsAlone(paragraph, match.index),
  );
  if (emphasis.length % 2 === 0) return paragraph;
  const at = emphasis.at(-1)!.index;
  return paragraph.slice(0, at) + paragraph.slice(at + 1);
}

function standsAlone(paragraph: string, index: number): boolean {
  return /\s/.test(paragraph[index - 1] ?? ' ') && /\s/.test(paragraph[index + 1] ?? '');
}

function isBullet(paragraph: string, index: number): boolean {
  const lineStart = paragraph.lastIndexOf('\n', index - 1) + 1;
  return /^\s*$/.test(paragraph.slice(lineStart, index)) && paragraph[index + 1] === ' ';
}

/**
 * Markdown read as plain text, for the moment before the renderer loads: headings, emphasis,
 * code marks and link targets go, list items keep a bullet, paragraphs their line breaks. A text
 * still streaming goes through withoutOpenMarkers first.
 */
export function plainTextOf(markdown: string): string {
  return markdown
    .replace(/^[ \t]{0,3}#{1,6}[ \t]+/gm, '')
    .replace(/^([ \t]*)[-*+][ \t]+/gm, '$1• ')
    .replace(/^[ \t]{0,3}>[ \t]?/gm, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|~~)(.+?)\1/g, '$2')
    .replace(/(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])/g, '$1')
    .replace(/(?<!\w)_(?!\s)(.+?)(?<!\s)_(?!\w)/g, '$1')
    .replace(/`([^`]*)`/g, '$1');
}
