/**
 * Issue 22, "work lost": in Debian's Chromium against the real `npm start`, at the desktop and the
 * phone widths the issue was found at. A tool page keeps its inputs for the visit (a trip to the
 * FAQ and back, the browser's back and forward, a reload), and a paste over a field's limit says
 * what was cut.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { LIMITS, PAGE_TEXTS, ROUTES, toolPath } from '@ai-tools/contracts';
import type { Page } from 'playwright-core';
import { accessibilityViolations } from './helpers/accessibility.ts';
import { DESKTOP, withFreshBrowser, type Viewport } from './helpers/browser.ts';
import { animationsFinished, expectVisible } from './helpers/visibility.ts';

/** The phone the issue was found on. */
const PHONE_390: Viewport = { width: 390, height: 844 };

const WIDTHS: [string, Viewport][] = [
  ['1280 px', DESKTOP],
  ['390 px', PHONE_390],
];

/** Follows the footer's FAQ link: a move inside the site, as a visitor makes it. */
async function goToFaq(page: Page): Promise<void> {
  await page
    .locator('footer')
    .getByRole('navigation', { name: 'Support' })
    .getByRole('link', { name: 'FAQ', exact: true })
    .click();
  await page.waitForURL((url) => url.pathname === ROUTES.faqs);
  await page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }).waitFor();
}

async function expectValue(page: Page, label: string, expected: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  await field.waitFor();
  assert.equal(await field.inputValue(), expected, label);
}

/** A paste as the browser sends it, with the text on its clipboard data. */
async function paste(page: Page, label: string, text: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  await field.focus();
  await field.evaluate((element, text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

for (const [width, viewport] of WIDTHS) {
  describe(`work kept at ${width}`, () => {
    test('the blog keeps its topic and keywords across the FAQ, back, forward and a reload', async () => {
      await withFreshBrowser(viewport, async (page) => {
        await page.goto(toolPath('blog-text'));
        await page.getByLabel('Topic', { exact: true }).fill('Sleep better at night');
        await page.getByLabel('Keywords', { exact: true }).fill('sleep, rest');

        await goToFaq(page);
        await page.goBack();
        await expectValue(page, 'Topic', 'Sleep better at night');
        await expectValue(page, 'Keywords', 'sleep, rest');

        await page.goForward();
        await page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }).waitFor();
        await page.goBack();
        await expectValue(page, 'Topic', 'Sleep better at night');

        await page.reload();
        await expectValue(page, 'Topic', 'Sleep better at night');
        await expectValue(page, 'Keywords', 'sleep, rest');

        // Clear is the visitor's own choice to start again, and it is kept too.
        await page.getByRole('button', { name: 'Clear' }).click();
        await page.reload();
        await expectValue(page, 'Topic', '');
      });
    });

    test('text to speech keeps the text and the voice', async () => {
      await withFreshBrowser(viewport, async (page) => {
        await page.goto(toolPath('text-to-speech'));
        await page.getByLabel('Text', { exact: true }).fill('Hello from a kept page.');
        await page.getByLabel('Voice', { exact: true }).selectOption('nova');

        await goToFaq(page);
        await page.goBack();
        await expectValue(page, 'Text', 'Hello from a kept page.');
        await expectValue(page, 'Voice', 'nova');
        await page.reload();
        await expectValue(page, 'Text', 'Hello from a kept page.');
        await expectValue(page, 'Voice', 'nova');
      });
    });

    test('a paste over 5,000 characters keeps whole words and says what was left out', async () => {
      await withFreshBrowser(viewport, async (page) => {
        await page.goto(toolPath('text-to-speech'));
        const sentence = 'The quick brown fox jumps over the lazy dog. ';
        const pasted = sentence.repeat(Math.ceil(6120 / sentence.length)).slice(0, 6120);
        await paste(page, 'Text', pasted);

        const note = page.getByText(/^Your text was 6,120 characters; the last /);
        await expectVisible(note);
        const kept = await page.getByLabel('Text', { exact: true }).inputValue();
        assert.ok(kept.length <= LIMITS.textToSpeechMaxCharacters, `${kept.length} characters`);
        assert.ok(pasted.startsWith(kept));
        assert.match(pasted.slice(kept.length), /^\s/, 'cut between words');
        assert.equal(
          await note.textContent(),
          PAGE_TEXTS.pastedTextCut(6120, 6120 - kept.length, LIMITS.textToSpeechMaxCharacters),
        );
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        assert.ok(overflow <= 0, `the page overflows by ${overflow} px`);
        await animationsFinished(page);
        assert.deepEqual(await accessibilityViolations(page), []);
      });
    });
  });
}
