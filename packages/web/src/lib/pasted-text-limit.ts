/**
 * A paste longer than a field's limit: the browser's maxLength would keep the first characters,
 * cut mid-word, and say nothing. The field keeps the text up to the last whole word that fits and
 * the page says how much was left out.
 */
import { useState, type ClipboardEvent } from 'react';
import { PAGE_TEXTS } from '@ai-tools/contracts';

// Word boundaries in every script the site writes, Japanese and Chinese included, which have no
// spaces between words.
const WORDS = new Intl.Segmenter(undefined, { granularity: 'word' });

/** The start of `text` that fits in `limit` characters, ending after a whole word. */
export function fitToLimit(text: string, limit: number): string {
  if (text.length <= limit) return text;
  let end = 0;
  for (const { segment, index } of WORDS.segment(text)) {
    if (index + segment.length > limit) break;
    end = index + segment.length;
  }
  // One word longer than the limit (a pasted address): a cut inside it beats an empty field.
  const kept = end > 0 ? text.slice(0, end) : text.slice(0, limit);
  return kept.trimEnd();
}

type TextField = HTMLInputElement | HTMLTextAreaElement;

/**
 * The paste handler of a field limited to `limit` characters, and the note to show under it.
 * `value` is the field's current text: the note goes once the field is emptied (Clear).
 */
export function usePastedTextLimit(
  limit: number,
  value: string,
  onChange: (value: string) => void,
) {
  const [note, setNote] = useState<string | null>(null);

  const onPaste = (event: ClipboardEvent<TextField>) => {
    const field = event.currentTarget;
    let pasted = event.clipboardData.getData('text/plain');
    // A one-line field turns line breaks into spaces, as the browser's own paste would.
    if (field instanceof HTMLInputElement) pasted = pasted.replace(/\s*[\r\n]+\s*/g, ' ');
    const start = field.selectionStart ?? field.value.length;
    const end = field.selectionEnd ?? start;
    const whole = field.value.slice(0, start) + pasted + field.value.slice(end);
    if (whole.length <= limit) {
      setNote(null);
      return;
    }
    event.preventDefault();
    const kept = fitToLimit(whole, limit);
    onChange(kept);
    setNote(PAGE_TEXTS.pastedTextCut(whole.length, whole.length - kept.length, limit));
  };

  return { onPaste, note: value === '' ? null : note };
}
