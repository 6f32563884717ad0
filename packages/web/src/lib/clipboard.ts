/**
 * Copies a generated text (markdown) so that it pastes well anywhere: as formatted HTML into a
 * document editor or an e-mail, and as plain words, without markdown's marks, into a plain field.
 */
import { fromMarkdown } from 'mdast-util-from-markdown';
import { toHast } from 'mdast-util-to-hast';
import { toHtml } from 'hast-util-to-html';

type MarkdownTree = ReturnType<typeof fromMarkdown>;
type MarkdownNode = MarkdownTree | MarkdownTree['children'][number];

/** The words of inline content: emphasis and link text without their marks. */
function inlineText(node: MarkdownNode): string {
  switch (node.type) {
    case 'text':
    case 'inlineCode':
      return node.value;
    case 'break':
      return '\n';
    case 'image':
      return node.alt ?? '';
    // Raw HTML is never shown by the page (MarkdownView), so it is not copied either.
    case 'html':
      return '';
  }
  return 'children' in node
    ? (node.children as MarkdownNode[]).map((child) => inlineText(child)).join('')
    : '';
}

/** The blocks of a document as plain text: a list's items one a line with a bullet or number. */
function blockTexts(nodes: readonly MarkdownNode[]): string[] {
  return nodes.flatMap((node): string[] => {
    switch (node.type) {
      case 'heading':
      case 'paragraph':
        return [inlineText(node)];
      case 'code':
        return [node.value];
      case 'list': {
        const first = node.start ?? 1;
        const items = node.children.map((item, index) => {
          const marker = node.ordered ? `${first + index}. ` : '• ';
          return marker + blockTexts(item.children).join('\n');
        });
        return [items.join('\n')];
      }
      case 'blockquote':
        return blockTexts(node.children);
      case 'html':
      case 'thematicBreak':
      case 'definition':
        return [];
    }
    return 'children' in node ? blockTexts(node.children as MarkdownNode[]) : [];
  });
}

/** The text as HTML (raw HTML in it left out, as the page leaves it out) and as plain words. */
export function clipboardContent(markdown: string): { html: string; plain: string } {
  const tree = fromMarkdown(markdown);
  const plain = blockTexts(tree.children)
    .filter((block) => block.trim() !== '')
    .join('\n\n');
  return { html: toHtml(toHast(tree)), plain };
}

/**
 * Puts a markdown text on the clipboard as HTML and plain text; a browser without ClipboardItem
 * gets the plain text. Rejects when the browser refuses (insecure origin, denied permission);
 * docs/product.md section 8 says the caller only logs that.
 */
export async function copyFormattedText(markdown: string): Promise<void> {
  if (!navigator.clipboard) throw new Error('The clipboard is not available in this browser.');
  const { html, plain } = clipboardContent(markdown);
  if (typeof ClipboardItem === 'undefined' || typeof navigator.clipboard.write !== 'function') {
    await navigator.clipboard.writeText(plain);
    return;
  }
  await navigator.clipboard.write([
    new ClipboardItem({
      'text/html': new Blob([html], { type: 'text/html' }),
      'text/plain': new Blob([plain], { type: 'text/plain' }),
    }),
  ]);
}
