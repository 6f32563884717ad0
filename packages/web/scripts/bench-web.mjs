// Builds the website and prints the gzip size of the JavaScript and CSS each page loads, by
// following index.html's tags and each chunk's static imports in Vite's manifest.
// Budget: the home page loads at most 150 KB gzip of JavaScript. Exit code 1 when it does not.
// Run by `npm run bench`, it also adds each size to the run's record (packages/server/bench).
import { spawnSync } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const HOME_JS_BUDGET_BYTES = 150 * 1024;
const webDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(webDir, 'dist');

/** Chunks the home page requests right after its first render (lazy, but not optional). */
const HOME_DEFERRED = ['src/features/contact/contact-form.tsx'];

const PAGES = [
  ['AI Tools listing', 'src/pages/ai-tools/ai-tools-page.tsx'],
  ['Text to speech', 'src/features/text-to-speech/text-to-speech-page.tsx'],
  ['Speech to text', 'src/features/speech-to-text/speech-to-text-page.tsx'],
  ['Video script', 'src/features/video-script/video-script-page.tsx'],
  ['Blog', 'src/features/blog/blog-page.tsx'],
  ['Story', 'src/features/story/story-page.tsx'],
  ['About', 'src/pages/about/about-page.tsx'],
  ['Contact (with its lazy form)', 'src/features/contact/contact-page.tsx', HOME_DEFERRED],
  ['FAQ', 'src/pages/faq/faq-page.tsx'],
  ['Privacy Policy', 'src/pages/privacy-policy/privacy-policy-page.tsx'],
  ['Not found', 'src/pages/not-found/not-found-page.tsx'],
];

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: webDir,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'));
const gzipCache = new Map();

function gzipBytes(file) {
  if (!gzipCache.has(file)) {
    gzipCache.set(file, gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length);
  }
  return gzipCache.get(file);
}

/** Every file a chunk loads before it runs: itself, its static imports (recursively), its CSS. */
function closure(key, files = { js: new Set(), css: new Set() }) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
  if (files.js.has(chunk.file)) return files;
  files.js.add(chunk.file);
  for (const css of chunk.css ?? []) files.css.add(css);
  for (const imported of chunk.imports ?? []) closure(imported, files);
  return files;
}

function total(files, exclude = new Set()) {
  let bytes = 0;
  for (const file of files) if (!exclude.has(file)) bytes += gzipBytes(file);
  return bytes;
}

const kilobytes = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Adds a size to the record of `npm run bench`, in the format of packages/server/bench/record.ts:
 * one JSON line per figure in the file the runner names. The tables below print the sizes.
 */
function recordSize(name, bytes, target) {
  const file = process.env.BENCH_FIGURES_FILE;
  const value = Number((bytes / 1024).toFixed(1));
  if (file) appendFileSync(file, `${JSON.stringify({ name, value, unit: 'KB gzip', target })}\n`);
}

const row = (label, ...values) =>
  console.log(label.padEnd(42) + values.map((value) => value.padStart(14)).join(''));

const home = closure('index.html');
const homeJs = total(home.js);
const homeCss = total(home.css);
const deferred = { js: new Set(), css: new Set() };
for (const key of HOME_DEFERRED) closure(key, deferred);
const deferredJs = total(deferred.js, home.js);
const deferredCss = total(deferred.css, home.css);

console.log('\nGzip sizes (level 9) of what each page loads\n');
row('Page', 'JS', 'CSS');
row('Home: first load', kilobytes(homeJs), kilobytes(homeCss));
row('Home: + contact form after render', kilobytes(deferredJs), kilobytes(deferredCss));
row('Home: total', kilobytes(homeJs + deferredJs), kilobytes(homeCss + deferredCss));
recordSize('Home: first load JS', homeJs, `<= ${kilobytes(HOME_JS_BUDGET_BYTES)}`);
recordSize('Home: first load CSS', homeCss);
recordSize('Home: contact form JS after render', deferredJs);
recordSize('Home: contact form CSS after render', deferredCss);
console.log('\nOther pages: the chunks they add on top of the first load\n');
row('Page', 'JS', 'CSS', 'own chunk JS');
for (const [label, key, lazyKeys = []] of PAGES) {
  const page = closure(key);
  for (const lazyKey of lazyKeys) closure(lazyKey, page);
  const pageJs = total(page.js, home.js);
  const pageCss = total(page.css, home.css);
  row(label, kilobytes(pageJs), kilobytes(pageCss), kilobytes(gzipBytes(manifest[key].file)));
  recordSize(`${label}: JS on top of the first load`, pageJs);
  recordSize(`${label}: CSS on top of the first load`, pageCss);
}

console.log('\nLoaded on demand inside a page (for example the markdown renderer)\n');
row('Chunk', 'JS', 'CSS');
const pageKeys = new Set(PAGES.map(([, key]) => key));
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry || pageKeys.has(key)) continue;
  const lazy = closure(key);
  row(
    key.replace(/^.*node_modules\//, ''),
    kilobytes(total(lazy.js, home.js)),
    kilobytes(total(lazy.css, home.css)),
  );
}

const verdict = homeJs <= HOME_JS_BUDGET_BYTES ? 'within' : 'OVER';
console.log(
  `\nHome page first-load JavaScript: ${kilobytes(homeJs)} of a ${kilobytes(HOME_JS_BUDGET_BYTES)} budget (${verdict}).`,
);
if (homeJs > HOME_JS_BUDGET_BYTES) process.exitCode = 1;
