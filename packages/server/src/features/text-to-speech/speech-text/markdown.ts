/** Markdown read aloud: its words without its marks, with a pause where a block ends. */
import { markdownBlocks } from '../../../text/markdown.ts';

/**
 * The words of markdown as they are read aloud: a heading or list item ends with a pause, as a
 * sentence does; table cells are read as a list; code keeps its words; the marks go.
 */
export function stripMarkdown(text: string): string {
  return (
    markdownBlocks(text.replace(/\r\n?/g, '\n'))
      .map(({ kind, text: words }) =>
        (kind === 'heading' || kind === 'listItem') && !/[.!?:;,]$/.test(words)
          ? `${words}.`
          : words,
      )
      .join(' ')
      // Whatever markdown symbols are left are not words.
      .replace(/[*#`~]+/g, ' ')
      .replace(/(^|\s)_+(?=\s|$)/g, '$1')
      .replace(/\s+/g, ' ')
      .trim()
  );
}
