/**
 * Which languages this machine's espeak-ng speaks, read once from `espeak-ng --voices`, and the
 * espeak-ng language that fits a BCP 47 tag such as 'es', 'pt-BR' or 'zh-Hans'.
 */
import { runEngineProcess } from '../../../child-process.ts';

/** BCP 47 primary subtags whose espeak-ng voice has another name. */
const ESPEAK_NAMES: Record<string, string> = {
  zh: 'cmn',
  // espeak-ng has no Sanskrit voice; Hindi reads the same Devanagari script.
  sa: 'hi',
  no: 'nb',
};

export class EspeakLanguages {
  /** Every language code espeak-ng knows, mapped to the voice that speaks it. */
  constructor(private readonly available: ReadonlyMap<string, string>) {}

  static async load(signal: AbortSignal = new AbortController().signal): Promise<EspeakLanguages> {
    const listing = await runEngineProcess('espeak-ng', ['--voices'], {
      signal,
      failureMessage: 'espeak-ng is not installed.',
    });
    return new EspeakLanguages(parseVoiceListing(listing.toString('utf8')));
  }

  /** The espeak-ng voice for a tag, or undefined when espeak-ng has none. */
  resolve(tag: string): string | undefined {
    const lower = tag.trim().toLowerCase().replace(/_/g, '-');
    const primary = lower.split('-')[0] ?? '';
    return this.available.get(lower) ?? this.available.get(ESPEAK_NAMES[primary] ?? primary);
  }
}

/**
 * Reads the Language column and the "(code priority)" pairs of the Other Languages column. An
 * other-language code maps to its voice's own name: espeak-ng takes `cmn+f3` but not `zh+f3`.
 */
function parseVoiceListing(listing: string): Map<string, string> {
  const languages = new Map<string, string>();
  for (const line of listing.split('\n').slice(1)) {
    const language = line.trim().split(/\s+/)[1]?.toLowerCase();
    if (!language || language === 'variant') continue;
    languages.set(language, language);
    for (const match of line.matchAll(/\(([a-z0-9-]+) \d+\)/gi)) {
      const code = match[1]?.toLowerCase();
      if (code && !languages.has(code)) languages.set(code, language);
    }
  }
  return languages;
}
