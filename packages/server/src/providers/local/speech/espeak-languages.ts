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
  constructor(private readonly available: ReadonlySet<string>) {}

  static async load(signal: AbortSignal = new AbortController().signal): Promise<EspeakLanguages> {
    const listing = await runEngineProcess('espeak-ng', ['--voices'], {
      signal,
      failureMessage: 'espeak-ng is not installed.',
    });
    return new EspeakLanguages(parseVoiceListing(listing.toString('utf8')));
  }

  /** The espeak-ng language for a tag, or undefined when espeak-ng has none. */
  resolve(tag: string): string | undefined {
    const lower = tag.trim().toLowerCase().replace(/_/g, '-');
    if (this.available.has(lower)) return lower;
    const primary = lower.split('-')[0] ?? '';
    const candidate = ESPEAK_NAMES[primary] ?? primary;
    return this.available.has(candidate) ? candidate : undefined;
  }
}

/** Reads the Language column and the "(code priority)" pairs of the Other Languages column. */
function parseVoiceListing(listing: string): Set<string> {
  const languages = new Set<string>();
  for (const line of listing.split('\n').slice(1)) {
    const columns = line.trim().split(/\s+/);
    const language = columns[1];
    if (language && language !== 'variant') languages.add(language.toLowerCase());
    for (const match of line.matchAll(/\(([a-z0-9-]+) \d+\)/gi)) {
      if (match[1]) languages.add(match[1].toLowerCase());
    }
  }
  return languages;
}
