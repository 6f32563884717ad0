/**
 * The writers' quality benchmark (issue 20): each writer on a fixed set of briefs in several
 * languages, on the real text model, and for each brief every check of writers/draft-check.ts,
 * at the first attempt of each part and after the rewrites. The figures behind ADR 045.
 *
 *   npm run bench -w @ai-tools/server -- writer-checks
 *   BRIEFS=blog-en-water,story-es-lighthouse ...    only some of the briefs
 *
 * Each text is written to bench-results/writer-drafts/, to be read: a check that passes on text
 * a person would not publish is a defect of the check.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BlogRequest, StoryRequest, VideoScriptRequest } from '@ai-tools/contracts';
import { writeBlog } from '../src/features/blog/service.ts';
import { writeStory } from '../src/features/story/service.ts';
import { writeVideoScript } from '../src/features/video-script/service.ts';
import { DRAFT_CHECKS, type DraftCheck } from '../src/writers/draft-check.ts';
import type { Draft } from '../src/writers/drafting.ts';
import { writerContext, type WriterContext } from '../src/writers/writing.ts';
import { record } from './record.ts';
import { draftsFolder, loadTextModel, traced } from './text-bench.ts';

interface Brief {
  name: string;
  write: (context: WriterContext) => Promise<Draft>;
}

const blog = (name: string, request: BlogRequest): Brief => ({
  name,
  write: (context) => writeBlog(request, context),
});
const story = (name: string, request: Omit<StoryRequest, 'topic'>): Brief => ({
  name,
  write: (context) => writeStory({ ...request, topic: 'My own idea' }, context),
});
const script = (name: string, request: VideoScriptRequest): Brief => ({
  name,
  write: (context) => writeVideoScript(request, context),
});

/** Four briefs per writer, in English, Spanish, French and Japanese. */
export const BRIEFS: Brief[] = [
  blog('blog-en-water', {
    topic: 'Why you should drink water before coffee in the morning',
    keywords: ['morning hydration', 'coffee'],
  }),
  blog('blog-en-running', { topic: 'How to start running as a complete beginner' }),
  blog('blog-es-groceries', {
    topic: 'Cómo ahorrar dinero en el supermercado cada semana',
    keywords: ['ahorrar en el supermercado'],
  }),
  blog('blog-fr-walking', { topic: 'Les bienfaits de la marche quotidienne pour la santé' }),
  story('story-es-lighthouse', {
    language: 'Spanish',
    storyType: 'mystery',
    audience: 'children 9-12',
    tone: 'humorous',
    storyLength: 200,
    additionalInfo:
      'Un gato llamado Pimienta descubre que el faro abandonado del pueblo se enciende solo cada noche de luna llena',
  }),
  story('story-ja-stone', {
    language: 'Japanese',
    storyType: 'fantasy',
    audience: 'kids 4-8',
    tone: 'lighthearted',
    storyLength: 200,
    additionalInfo: 'ネコのミケが、古い灯台で光る石を見つける',
  }),
  story('story-en-kite', {
    language: 'English',
    storyType: 'adventure',
    audience: 'kids 4-8',
    tone: 'humorous',
    storyLength: 300,
    additionalInfo: 'A boy named Leo chases his runaway kite across Maple Park',
  }),
  story('story-fr-garden', {
    language: 'French',
    storyType: 'friendship',
    audience: 'children 9-12',
    tone: 'heartwarming',
    storyLength: 200,
    additionalInfo:
      'Deux voisines, Lina et Madame Roux, créent un jardin sur le toit de leur immeuble',
  }),
  script('script-en-15s', {
    topic: 'Health & Fitness',
    platform: 'Instagram',
    duration: 0.25,
    additionalInfo: 'A two-minute morning stretch for desk workers',
  }),
  script('script-en-30s', {
    topic: 'Productivity',
    platform: 'YouTube',
    duration: 0.5,
    additionalInfo: '',
  }),
  script('script-es-60s', {
    topic: 'Money & Business',
    platform: 'FaceBook',
    duration: 1,
    additionalInfo: 'Cómo ahorrar tu primer fondo de emergencia con un sueldo normal',
  }),
  script('script-en-45s', {
    topic: 'Tech & AI',
    platform: 'SnapChat',
    duration: 0.75,
    additionalInfo: 'Three free AI tools that help students study',
  }),
];

const wanted = (process.env.BRIEFS ?? '').split(',').filter(Boolean);
const generator = await loadTextModel();
const writer = traced(generator);
const draftsDirectory = draftsFolder('writer-drafts');

const briefs = BRIEFS.filter((brief) => wanted.length === 0 || wanted.includes(brief.name));
const passedFirst = new Map<DraftCheck, number>();
const passedAfter = new Map<DraftCheck, number>();
let wholeFirst = 0;
let wholeAfter = 0;
for (const brief of briefs) {
  const startedAt = performance.now();
  let draft: Draft;
  try {
    draft = await brief.write(writerContext(writer, undefined, 30 * 60_000));
  } catch (error) {
    console.log(`\n## ${brief.name}: failed: ${(error as Error).message}`);
    continue;
  }
  const seconds = (performance.now() - startedAt) / 1000;
  writeFileSync(join(draftsDirectory, `${brief.name}.md`), `${draft.text}\n`);
  console.log(`\n## ${brief.name}: ${seconds.toFixed(0)} s, ${draft.rewrites} part(s) rewritten`);
  record({ name: `${brief.name}: time`, value: seconds, unit: 's' });
  record({ name: `${brief.name}: parts rewritten`, value: draft.rewrites });
  const failedFirst = new Set(draft.firstAttemptProblems.map((problem) => problem.check));
  const failedAfter = new Set(draft.problems.map((problem) => problem.check));
  for (const check of DRAFT_CHECKS) {
    if (!failedFirst.has(check)) passedFirst.set(check, (passedFirst.get(check) ?? 0) + 1);
    if (!failedAfter.has(check)) passedAfter.set(check, (passedAfter.get(check) ?? 0) + 1);
  }
  if (failedFirst.size === 0) wholeFirst += 1;
  if (failedAfter.size === 0) wholeAfter += 1;
  record({
    name: `${brief.name}: first attempt`,
    value:
      failedFirst.size === 0
        ? 'passed'
        : draft.firstAttemptProblems.map((problem) => problem.message).join('; '),
  });
  record({
    name: `${brief.name}: after the rewrites`,
    value: failedAfter.size === 0 ? 'passed' : draft.problems.map((p) => p.message).join('; '),
  });
}

const count = briefs.length;
console.log(`\n## every check, ${count} briefs`);
for (const check of DRAFT_CHECKS) {
  record({
    name: `${check}: passed at the first attempt`,
    value: (100 * (passedFirst.get(check) ?? 0)) / count,
    unit: '%',
  });
  record({
    name: `${check}: passed after the rewrites`,
    value: (100 * (passedAfter.get(check) ?? 0)) / count,
    unit: '%',
    target: '100 %',
  });
}
record({
  name: 'briefs passing every check at the first attempt',
  value: (100 * wholeFirst) / count,
  unit: '%',
});
record({
  name: 'briefs passing every check after the rewrites',
  value: (100 * wholeAfter) / count,
  unit: '%',
  target: '100 %',
});
console.log(`\nThe texts: ${draftsDirectory}`);
await generator.close();
