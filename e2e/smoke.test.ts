import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, type BrowserSession } from './helpers/browser.ts';
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

test('a deep link opens its screen directly', async () => {
  const { page } = session;
  const response = await page.goto('/AI-tools/stroy-speech');
  assert.equal(response?.status(), 200);
  await page.getByRole('heading', { level: 1 }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/AI-tools/stroy-speech');
});
