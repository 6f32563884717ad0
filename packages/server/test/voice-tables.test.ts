/**
 * README's "Voices" tables say which engine and voice speak each site voice; voices.ts and the
 * contracts' VOICE_DESCRIPTIONS are what the server and the page use. They had drifted apart, so
 * the README is read here and held to the code.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { VOICE_DESCRIPTIONS, VOICES, type Voice } from '@ai-tools/contracts';
import {
  CLASSIC_VOICES,
  KOKORO_LANGUAGES,
  KOKORO_VOICES,
  type ClassicEnglishVoice,
} from '../src/providers/local/speech/voices.ts';

const README = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
const VOICES_SECTION = README.slice(
  README.indexOf('\n## Voices\n'),
  README.indexOf('\n## Development\n'),
);

/** The cells of the section's table rows that start with `voice`, one array per table. */
function rowsOf(voice: Voice): string[][] {
  return VOICES_SECTION.split('\n')
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .filter((cells) => cells[1] === voice)
    .map((cells) => cells.slice(2, -1));
}

/** How README's classic table names an English voice. */
function classicCell(english: ClassicEnglishVoice): string {
  switch (english.engine) {
    case 'festival':
      return `festival \`${english.voice}\``;
    case 'flite':
      return english.pitchHertz === undefined
        ? `flite \`${english.voice}\``
        : `flite \`${english.voice}\`, mean pitch ${english.pitchHertz} Hz`;
    case 'espeak-ng':
      return `espeak-ng \`${english.voice}\`, pitch ${english.pitch}`;
  }
}

test('README names the Kokoro voice, the description and the classic voices of voices.ts', () => {
  assert.ok(VOICES_SECTION.length > 0, 'README has its Voices section');
  for (const voice of VOICES) {
    const [neural, classic] = rowsOf(voice);
    assert.deepEqual(
      neural,
      [`\`${KOKORO_VOICES[voice]}\``, VOICE_DESCRIPTIONS[voice]],
      `${voice}: Kokoro voice and description`,
    );
    const { english, otherLanguages } = CLASSIC_VOICES[voice];
    assert.equal(classic?.[0], classicCell(english), `${voice}: classic English voice`);
    assert.equal(classic?.[2], `espeak-ng \`+${otherLanguages.variant}\``, `${voice}: variant`);
  }
});

test("README names each language's Kokoro voices, in the order of voices.ts", () => {
  const listed = (who: string, next: string) =>
    [...(VOICES_SECTION.split(who)[1]?.split(next)[0] ?? '').matchAll(/`(\w+)`/g)].map(
      ([, name]) => name,
    );
  const languages = Object.values(KOKORO_LANGUAGES);
  assert.deepEqual(
    listed("the women's voices speak with", "the men's with"),
    languages.map(({ woman }) => woman),
  );
  assert.deepEqual(
    listed("the men's with", '.'),
    languages.map(({ man }) => man),
  );
});
