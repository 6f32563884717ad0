/** English numbers as a person says them: amounts, years, ordinals, times, decimals. */
import { TrackedText } from './tracked-text.ts';

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES = ['', 'thousand', 'million', 'billion', 'trillion'];
const ORDINAL_WORDS: Record<string, string> = {
  one: 'first',
  two: 'second',
  three: 'third',
  five: 'fifth',
  eight: 'eighth',
  nine: 'ninth',
  twelve: 'twelfth',
};

function underThousandToWords(value: number): string {
  const hundreds = Math.floor(value / 100);
  const rest = value % 100;
  const parts: string[] = [];
  if (hundreds > 0) parts.push(`${ONES[hundreds]} hundred`);
  if (rest > 0 || hundreds === 0) {
    if (rest < 20) parts.push(ONES[rest] ?? '');
    else {
      const ones = rest % 10;
      parts.push(ones ? `${TENS[Math.floor(rest / 10)]}-${ONES[ones]}` : (TENS[rest / 10] ?? ''));
    }
  }
  return parts.join(' ');
}

/** Reads each digit, for numbers too long to say as a whole (and leading zeros, as in codes). */
function digitsToWords(digits: string): string {
  return [...digits].map((digit) => ONES[Number(digit)]).join(' ');
}

export function integerToWords(digits: string): string {
  const cleaned = digits.replace(/,/g, '');
  if (cleaned.length > 15 || (cleaned.length > 1 && cleaned.startsWith('0'))) {
    return digitsToWords(cleaned);
  }
  let value = Number(cleaned);
  if (value === 0) return 'zero';
  const groups: string[] = [];
  for (let scale = 0; value > 0; scale += 1) {
    const group = value % 1000;
    if (group > 0) {
      const scaleName = SCALES[scale];
      groups.unshift(underThousandToWords(group) + (scaleName ? ` ${scaleName}` : ''));
    }
    value = Math.floor(value / 1000);
  }
  return groups.join(' ');
}

function ordinalToWords(digits: string): string {
  const words = integerToWords(digits);
  return words.replace(/([a-z]+)$/, (last) => {
    if (ORDINAL_WORDS[last]) return ORDINAL_WORDS[last];
    if (last.endsWith('y')) return `${last.slice(0, -1)}ieth`;
    return `${last}th`;
  });
}

/** 1999 as 'nineteen ninety-nine', 2005 as 'two thousand five', 2024 as 'twenty twenty-four'. */
function yearToWords(year: number): string {
  if (year >= 2000 && year < 2010) return integerToWords(String(year));
  const high = Math.floor(year / 100);
  const low = year % 100;
  if (low === 0) return `${integerToWords(String(high))} hundred`;
  const lowWords = low < 10 ? `oh ${ONES[low]}` : integerToWords(String(low));
  return `${integerToWords(String(high))} ${lowWords}`;
}

function decimalToWords(whole: string, fraction: string): string {
  return `${integerToWords(whole)} point ${digitsToWords(fraction)}`;
}

function amountToWords(whole: string, fraction: string | undefined, unit: string, cents: string) {
  const wholeWords = integerToWords(whole);
  const plural = whole.replace(/,/g, '') === '1' ? unit : `${unit}s`;
  if (!fraction || /^0+$/.test(fraction)) return `${wholeWords} ${plural}`;
  return `${wholeWords} ${plural} and ${integerToWords(fraction)} ${cents}`;
}

const CURRENCIES: Record<string, [unit: string, cents: string]> = {
  $: ['dollar', 'cents'],
  '£': ['pound', 'pence'],
  '€': ['euro', 'cents'],
};

const NUMBER = String.raw`\d{1,3}(?:,\d{3})+|\d+`;

export function numbersToWords(text: string): string {
  return spellNumbers(TrackedText.of(text)).text;
}

/** numbersToWords on tracked text: each number remembers how it was written. */
export function spellNumbers(text: TrackedText): TrackedText {
  return text
    .replace(
      new RegExp(String.raw`([$£€])(${NUMBER})(?:\.(\d{1,2}))?\b`, 'g'),
      ([, symbol = '', whole = '', fraction]) => {
        const [unit, cents] = CURRENCIES[symbol] ?? ['', ''];
        return amountToWords(whole, fraction?.padEnd(2, '0'), unit, cents);
      },
    )
    .replace(
      new RegExp(String.raw`(${NUMBER})(?:\.(\d+))?\s?%`, 'g'),
      ([, whole = '', fraction]) =>
        `${fraction ? decimalToWords(whole, fraction) : integerToWords(whole)} percent`,
    )
    .replace(/\b(\d+)(?:st|nd|rd|th)\b/gi, ([, digits = '']) => ordinalToWords(digits))
    .replace(/\b([01]?\d|2[0-3]):([0-5]\d)\b/g, ([, hours = '', minutes = '']) => {
      const hourWords = integerToWords(String(Number(hours)));
      if (minutes === '00') return `${hourWords} o'clock`;
      const minuteWords = minutes.startsWith('0')
        ? `oh ${ONES[Number(minutes)]}`
        : integerToWords(minutes);
      return `${hourWords} ${minuteWords}`;
    })
    .replace(
      new RegExp(String.raw`(^|[\s(])-(${NUMBER})(?:\.(\d+))?\b`, 'g'),
      ([, before = '', whole = '', fraction]) =>
        `${before}minus ${fraction ? decimalToWords(whole, fraction) : integerToWords(whole)}`,
    )
    .replace(new RegExp(String.raw`\b(${NUMBER})\.(\d+)\b`, 'g'), ([, whole = '', fraction = '']) =>
      decimalToWords(whole, fraction),
    )
    .replace(/\b(1[1-9]\d\d|20\d\d)\b(?![,.]\d)/g, ([year = '']) => yearToWords(Number(year)))
    .replace(new RegExp(String.raw`\b(${NUMBER})\b`, 'g'), ([digits = '']) =>
      integerToWords(digits),
    );
}
