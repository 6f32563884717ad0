/**
 * Markdown read by a real parser (micromark and mdast, with GitHub's tables and strikethrough), for
 * the places that need its words without its marks (each part of a story, kept plain prose under
 * the story's markdown title, and text to speech, which reads a result aloud) or without its raw
 * HTML (every writer's answer).
 */
import type { Nodes } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';

/** One block of a document as plain words: a heading, a paragraph, a list item, a table row... */
export interface MarkdownBlock {
  kind: 'heading' | 'paragraph' | 'listItem' | 'tableRow' | 'code';
  text: string;
}

const HTML_TAG = /<\/?[a-zA-Z][^>]*>/g;

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * The words of inline content: link and emphasis text, image descriptions, code; no HTML tags.
 * Stars between letters or digits ("2*3*4") are CommonMark emphasis but were meant as written.
 */
function words(node: Nodes, source: string): string {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
      return node.value;
    case 'html':
      return '';
    case 'image':
      return node.alt ?? '';
    case 'break':
      return '\n';
    case 'emphasis':
    case 'strong': {
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      if (
        start !== undefined &&
        end !== undefined &&
        LETTER_OR_DIGIT.test(source[start - 1] ?? '') &&
        LETTER_OR_DIGIT.test(source[end] ?? '')
      ) {
        return source.slice(start, end);
      }
      break;
    }
  }
  return 'children' in node
    ? (node.children as Nodes[]).map((child) => words(child, source)).join('')
    : '';
}

/**
 * The document's blocks in reading order. Rules and link definitions say nothing; a table is read
 * row by row with its cells separated by commas.
 */
export function markdownBlocks(markdown: string): MarkdownBlock[] {
  // "#LostKite": the hashtag title small models write is read as the heading it means.
  const source = markdown.replace(/^(\s{0,3}#{1,6})(?=[^\s#])/gm, '$1 ');
  const tree = fromMarkdown(source, {
    extensions: [gfm()],
    mdastExtensions: [gfmFromMarkdown()],
  });
  const blocks: MarkdownBlock[] = [];
  const add = (kind: MarkdownBlock['kind'], text: string) => {
    if (text.trim()) blocks.push({ kind, text: text.trim() });
  };
  const visit = (node: Nodes): void => {
    switch (node.type) {
      case 'heading':
        add('heading', words(node, source));
        return;
      case 'paragraph':
        add('paragraph', words(node, source));
        return;
      case 'code':
        add('code', node.value);
        return;
      case 'html':
        add('paragraph', node.value.replace(HTML_TAG, ' '));
        return;
      case 'table':
        for (const row of node.children) {
          add('tableRow', row.children.map((cell) => words(cell, source).trim()).join(', '));
        }
        return;
      case 'listItem': {
        const [first, ...rest] = node.children;
        if (first?.type === 'paragraph') add('listItem', words(first, source));
        else if (first) visit(first);
        rest.forEach(visit);
        return;
      }
      case 'thematicBreak':
      case 'definition':
        return;
      default:
        if ('children' in node) (node.children as Nodes[]).forEach(visit);
    }
  };
  visit(tree);
  return blocks;
}

/**
 * The words of markdown as plain prose: paragraphs separated by one blank line, a list's items on
 * lines of their own. A story's parts go through it, so the model's headings and marks inside a
 * part never reach the story, whose only markdown is its title.
 */
export function markdownToPlainText(markdown: string): string {
  const blocks = markdownBlocks(markdown);
  return blocks
    .map((block, index) => {
      const previous = blocks[index - 1];
      const separator =
        index === 0
          ? ''
          : block.kind === 'listItem' && previous?.kind === 'listItem'
            ? '\n'
            : '\n\n';
      return separator + block.text;
    })
    .join('');
}

/**
 * The markdown with every raw HTML tag and comment taken out; the text between tags stays, and
 * code keeps its text as written. The writers answer markdown only: a topic or keyword such as
 * `<script>alert(1)</script>` that the model echoed must not reach a page or a CMS as markup.
 */
export function withoutHtml(markdown: string): string {
  const tree = fromMarkdown(markdown, {
    extensions: [gfm()],
    mdastExtensions: [gfmFromMarkdown()],
  });
  const found: { start: number; end: number; text: string }[] = [];
  const visit = (node: Nodes): void => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (node.type === 'html' && start !== undefined && end !== undefined) {
      found.push({
        start,
        end,
        text: node.value.replace(HTML_TAG, '').replace(/<!--[\s\S]*?-->/g, ''),
      });
      return;
    }
    if ('children' in node) (node.children as Nodes[]).forEach(visit);
  };
  visit(tree);
  let text = markdown;
  for (const { start, end, text: kept } of found.reverse()) {
    text = text.slice(0, start) + kept + text.slice(end);
  }
  return found.length === 0 ? markdown : text.replace(/[ \t]{2,}/g, ' ').replace(/\n{3,}/g, '\n\n');
}
