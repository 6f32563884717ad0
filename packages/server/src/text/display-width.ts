/**
 * A text's width on screen, for the speech captions and the transcripts' cues: Chinese, Japanese and Korean characters take two columns, so a
 * line holds about 21 of them (Netflix's guides ask 16 for Chinese and 13 for Japanese).
 */
const WIDE =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;

export function displayWidth(text: string): number {
  let width = 0;
  for (const character of text) width += WIDE.test(character) ? 2 : 1;
  return width;
}
