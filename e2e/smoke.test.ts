import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE_URL, openBrowser, type BrowserSession } from './helpers/browser.ts';
import { expectVisible } from './helpers/visibility.ts';

let session: BrowserSession;
before(async () => {
  session = await openBrowser();
});
after(async () => {
  await session?.close();
});

test('the home page loads from npm start', async () => {
  const { page } = session;
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  await expectVisible(page.getByRole('heading', { level: 1 }));
  assert.match(await page.title(), /AI/);
});

test('the entry scripts carry no validation library: zod loads with the forms that use it', async () => {
  // What the browser fetches before the first paint: the entry and the modules it preloads.
  const html = await (await fetch(`${BASE_URL}/`)).text();
  const entryScripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(
    ([, path]) => path,
  );
  assert.ok(entryScripts.length > 0, html);
  for (const path of entryScripts) {
    const code = await (await fetch(`${BASE_URL}${path}`)).text();
    assert.doesNotMatch(code, /ZodError/, `${path} brings zod into the first load`);
  }
});

test('a deep link opens its screen directly', async () => {
  const { page } = session;
  const response = await page.goto('/AI-tools/stroy-speech');
  assert.equal(response?.status(), 200);
  await page.getByRole('heading', { level: 1 }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/AI-tools/stroy-speech');
});
