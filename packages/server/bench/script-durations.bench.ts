/**
 * Scripts that fit their duration (issue 21, item 4): the video script writer on every offered
 * duration and platform, on the real text model, with the server's own time limit
 * (WRITER_TIMEOUT_MS). For each script: what the narrator says (its voice-over lines) against the
 * duration at SPOKEN_WORDS_PER_MINUTE, the time it took, and what its check still names.
 *
 *   npm run bench -w @ai-tools/server -- script-durations
 *   PLATFORMS=YouTube DURATIONS=0.25,1 ...    only some of them
 *   TRACE=1 ...                                each generation as it ends
 *
 * Target: spoken words within 0.8-1.2 of the duration's, for every script. The scripts are written
 * to bench-results/script-drafts/, to be read.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DURATIONS,
  PLATFORMS,
  SCRIPT_LABELS,
  SCRIPT_TOPICS,
  SPOKEN_WORDS_PER_MINUTE,
} from '@ai-tools/contracts';
import { writeVideoScript } from '../src/features/video-script/service.ts';
import { spokenText } from '../src/writers/draft-check.ts';
import { countWords, writerContext } from '../src/writers/writing.ts';
import { record } from './record.ts';
import { config, draftsFolder, loadTextModel, traced } from './text-bench.ts';

const listed = (name: string) => (process.env[name] ?? '').split(',').filter(Boolean);
const platforms = PLATFORMS.filter(
  (platform) => listed('PLATFORMS').length === 0 || listed('PLATFORMS').includes(platform),
);
const durations = DURATIONS.filter(
  (duration) =>
    listed('DURATIONS').length === 0 || listed('DURATIONS').map(Number).includes(duration),
);
const generator = await loadTextModel();
const writer = traced(generator);
const draftsDirectory = draftsFolder('script-drafts');

const ratios: number[] = [];
let within = 0;
let scripts = 0;
for (const [platformIndex, platform] of platforms.entries()) {
  for (const [durationIndex, duration] of durations.entries()) {
    // A different topic for each script, with no idea of the visitor's own: the plain request.
    const topic =
      SCRIPT_TOPICS[(platformIndex * durations.length + durationIndex) % SCRIPT_TOPICS.length];
    const name = `${platform}-${duration}`;
    const startedAt = performance.now();
    scripts += 1;
    try {
      const draft = await writeVideoScript(
        { topic: topic?.name ?? 'Productivity', platform, duration, additionalInfo: '' },
        writerContext(writer, undefined, config.WRITER_TIMEOUT_MS),
      );
      const seconds = (performance.now() - startedAt) / 1000;
      const spoken = countWords(spokenText(draft.text, SCRIPT_LABELS.voiceover));
      const target = duration * SPOKEN_WORDS_PER_MINUTE;
      const ratio = spoken / target;
      ratios.push(ratio);
      if (ratio >= 0.8 && ratio <= 1.2 && !draft.cutOffAtTimeLimit) within += 1;
      writeFileSync(join(draftsDirectory, `${name}.md`), `${draft.text}\n`);
      console.log(
        `${name}: ${spoken} spoken words for ${target} (${ratio.toFixed(2)}), ${seconds.toFixed(0)} s${draft.cutOffAtTimeLimit ? ', cut off at the time limit' : ''}${draft.problems.length > 0 ? `; problems: ${draft.problems.map((problem) => problem.message).join('; ')}` : ''}`,
      );
      record({ name: `${name}: spoken words / target`, value: ratio, target: '0.8-1.2' });
      record({ name: `${name}: time`, value: seconds, unit: 's' });
    } catch (error) {
      console.log(`${name}: failed: ${(error as Error).message}`);
      record({ name: `${name}: failed`, value: (error as Error).message });
    }
  }
}

if (ratios.length > 0) {
  record({ name: 'lowest spoken words / target', value: Math.min(...ratios), target: '≥ 0.8' });
  record({ name: 'highest spoken words / target', value: Math.max(...ratios), target: '≤ 1.2' });
}
record({
  name: 'scripts within 0.8-1.2 of their duration',
  value: (100 * within) / scripts,
  unit: '%',
  target: '100 %',
});
console.log(`\nThe scripts: ${draftsDirectory}`);
await generator.close();
