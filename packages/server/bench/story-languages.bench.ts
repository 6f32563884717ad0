/**
 * Every offered language finishes (issue 21, item 3): the story writer in each language asked, on
 * the real text model, with the server's own time limit (WRITER_TIMEOUT_MS). For each story: the
 * time, its words against the length asked, the share of its letters in the language's own
 * script, the share of its words that are distinct (a loop repeats them), and what its check
 * still names. The default is the Indic languages, where the model is weakest.
 *
 *   npm run bench -w @ai-tools/server -- story-languages
 *   LANGUAGES=Tamil,Hindi STORY_WORDS=500 ...    other languages or another length
 *
 * Targets: answered within 90 s, in the right script, within 25% of its length. The stories are
 * written to bench-results/story-drafts/, to be read (or shown to a reader of the language).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { INDIC_STORY_LANGUAGES, STORY_LANGUAGES, type StoryLength } from '@ai-tools/contracts';
import { writeStory } from '../src/features/story/service.ts';
import { LANGUAGE_PROFILES } from '../src/writers/languages.ts';
import { wordsOf, writerContext } from '../src/writers/writing.ts';
import { record } from './record.ts';
import { config, draftsFolder, loadTextModel } from './text-bench.ts';

const asked = (process.env.LANGUAGES ?? '').split(',').filter(Boolean);
const languages =
  asked.length === 0
    ? INDIC_STORY_LANGUAGES
    : STORY_LANGUAGES.filter((language) => asked.includes(language));
const storyLength = Number(process.env.STORY_WORDS ?? 200) as StoryLength;
const generator = await loadTextModel();
console.log(`${storyLength} words`);
const draftsDirectory = draftsFolder('story-drafts');

for (const language of languages) {
  const profile = LANGUAGE_PROFILES[language];
  const name = `${language}-${storyLength}`;
  const startedAt = performance.now();
  try {
    const draft = await writeStory(
      {
        language,
        storyType: 'adventure',
        audience: 'kids 4-8',
        tone: 'lighthearted',
        topic: 'A lost kite',
        storyLength,
        additionalInfo: '',
      },
      writerContext(generator, undefined, config.WRITER_TIMEOUT_MS),
    );
    const seconds = (performance.now() - startedAt) / 1000;
    const body = draft.text.replace(/^# .*\n+/, '');
    const words = wordsOf(body, profile.locale);
    const letters = body.match(/\p{L}/gu) ?? [];
    const ownScript = new RegExp(
      profile.writingSystem.scripts.map((script) => `\\p{Script=${script}}`).join('|'),
      'u',
    );
    const inScript = letters.filter((letter) => ownScript.test(letter)).length;
    const distinct = new Set(words.map((word) => word.toLowerCase())).size;
    const figures = {
      seconds,
      lengthRatio: words.length / storyLength,
      scriptShare: inScript / Math.max(1, letters.length),
      distinctShare: distinct / Math.max(1, words.length),
    };
    writeFileSync(join(draftsDirectory, `${name}.md`), `${draft.text}\n`);
    console.log(
      `${name}: ${seconds.toFixed(0)} s, ${words.length} words (${figures.lengthRatio.toFixed(2)}), ${(100 * figures.scriptShare).toFixed(0)}% of letters in ${profile.writingSystem.name}, ${(100 * figures.distinctShare).toFixed(0)}% distinct words${draft.cutOffAtTimeLimit ? ', cut off at the time limit' : ''}${draft.problems.length > 0 ? `; problems: ${draft.problems.map((problem) => problem.message).join('; ')}` : ''}`,
    );
    record({ name: `${name}: time`, value: seconds, unit: 's', target: '≤ 90 s' });
    record({ name: `${name}: words / length`, value: figures.lengthRatio, target: '0.75-1.25' });
    record({ name: `${name}: letters in its script`, value: 100 * figures.scriptShare, unit: '%' });
    record({ name: `${name}: distinct words`, value: 100 * figures.distinctShare, unit: '%' });
    record({ name: `${name}: cut off`, value: draft.cutOffAtTimeLimit === true });
  } catch (error) {
    const seconds = (performance.now() - startedAt) / 1000;
    console.log(`${name}: failed after ${seconds.toFixed(0)} s: ${(error as Error).message}`);
    record({ name: `${name}: failed`, value: (error as Error).message });
  }
}
console.log(`\nThe stories: ${draftsDirectory}`);
await generator.close();
