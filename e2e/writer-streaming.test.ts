/**
 * A writer page while the real local text model writes (ADR 030): the text appears on the page
 * and grows while the model is still at work, then the final result replaces it; Stop ends the
 * generation on the server, which frees the visitor's place at once. The server under test must
 * stream (contracts/streaming.ts): a server that answers only plain JSON fails the first test,
 * since its text arrives all at once. A story stopped after a few words is labelled a partial
 * draft, never "generated" (issue 20).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { API_PATHS, ROUTES, SERVER_MESSAGES, WRITER_MESSAGES } from '@ai-tools/contracts';
import { openBrowser, PHONE, withFreshBrowser, type BrowserSession } from './helpers/browser.ts';
import { accessibilityViolations } from './helpers/accessibility.ts';
import { expectHidden, expectVisible } from './helpers/visibility.ts';
import { assertNeuralEngine } from './helpers/engines.ts';
import { expectDraftShown, lastWriterAnswer, recordAnswers } from './helpers/writer-answers.ts';

/**
 * Generous: the model shares two CPU cores with the rest of the suite, and may wait in line
 * behind another test's generation. The server's own writer deadline is 240 s.
 */
const GENERATION_TIMEOUT_MS = 300_000;
const TEST_TIMEOUT_MS = GENERATION_TIMEOUT_MS + 60_000;

let session: BrowserSession;

before(async () => {
  session = await openBrowser();
  session.page.setDefaultTimeout(30_000);
  await recordAnswers(session.page);
});
after(async () => {
  await session?.close();
});

/** What the story page shows right now: its text, and whether the Stop button is still there. */
function readStoryPage(page: Page) {
  return page.evaluate((stopLabel) => {
    const text = document.querySelector('.markdown-view')?.textContent ?? '';
    const writing = Array.from(document.querySelectorAll('button')).some(
      (button) => button.textContent?.trim() === stopLabel,
    );
    const error = document.querySelector('.tool-error')?.textContent ?? '';
    return { text, writing, error };
  }, WRITER_MESSAGES.stop);
}

/**
 * Polls the page until `done` holds. Fails at once with the page's error line (the server's
 * message) when the generation failed, instead of waiting for the timeout.
 */
async function waitForPage(
  page: Page,
  what: string,
  done: (state: Awaited<ReturnType<typeof readStoryPage>>) => boolean,
) {
  const deadline = Date.now() + GENERATION_TIMEOUT_MS;
  for (;;) {
    const state = await readStoryPage(page);
    if (state.error.trim()) assert.fail(`The page showed an error: ${state.error}`);
    if (done(state)) return state;
    assert.ok(Date.now() < deadline, `${what}: not within ${GENERATION_TIMEOUT_MS / 1000} s`);
    await page.waitForTimeout(100);
  }
}

/** The shortest story there is: the first of every list and 200 words. */
async function startStory(page: Page) {
  await page.goto(ROUTES.story);
  await page.getByLabel('Topic Type').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Generate Story' }).click();
}

describe('writers stream to the page', () => {
  test(
    'the story appears and grows while the model writes, then the final result is shown',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      await assertNeuralEngine('text');
      const { page } = session;
      const startedAt = Date.now();
      await startStory(page);

      const first = await waitForPage(
        page,
        'text while the model writes',
        (state) => state.writing && state.text.trim().length > 0,
      );
      const firstTextSeconds = (Date.now() - startedAt) / 1000;
      await waitForPage(
        page,
        'more text while the model writes',
        (state) => state.writing && state.text.length > first.text.length,
      );
      const final = await waitForPage(page, 'the final story', (state) => !state.writing);
      const doneSeconds = (Date.now() - startedAt) / 1000;

      assert.ok(final.text.trim().length > 0, 'the final story is empty');
      const answer = await lastWriterAnswer(page, API_PATHS.generateStory, GENERATION_TIMEOUT_MS);
      await expectDraftShown(page, answer, {
        successTitle: 'Your Story has been generated',
        readyMessage: 'Your story is ready below.',
      });
      assert.ok(await page.getByRole('button', { name: 'Copy to clipboard' }).isEnabled());
      assert.ok(await page.getByRole('button', { name: 'Generate Story' }).isEnabled());
      // Seen in the test log: how long the real model took on this machine.
      console.log(
        `story: first text after ${firstTextSeconds.toFixed(1)} s, complete after ${doneSeconds.toFixed(1)} s, ${final.text.trim().split(/\s+/).length} words`,
      );
    },
  );

  test(
    'Stop keeps the text so far and frees the place: the next story starts at once',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      await assertNeuralEngine('text');
      const { page } = session;
      await startStory(page);
      await waitForPage(
        page,
        'text while the model writes',
        (state) => state.writing && state.text.trim().length > 0,
      );

      await page.getByRole('button', { name: WRITER_MESSAGES.stop }).click();
      await page.getByText(WRITER_MESSAGES.stopped).waitFor();
      const stopped = await readStoryPage(page);
      assert.equal(stopped.writing, false);
      assert.ok(stopped.text.trim().length > 0, 'the text written before Stop is kept');

      // The server ended the stopped generation: the same visitor may start the next one. While
      // it writes, the page shows only the new text.
      await page.getByRole('button', { name: 'Generate Story' }).click();
      await waitForPage(
        page,
        'text of the next story',
        (state) => state.writing && state.text.trim().length > 0,
      );
      await page.getByRole('button', { name: WRITER_MESSAGES.stop }).click();
      await page.getByText(WRITER_MESSAGES.stopped).waitFor();
    },
  );

  test(
    'a story stopped after a few words is a partial draft, never "generated"',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      await assertNeuralEngine('text');
      const { page } = session;
      await startStory(page);
      await waitForPage(
        page,
        'a few words while the model writes',
        (state) => state.writing && state.text.trim().split(/\s+/).length >= 3,
      );

      await page.getByRole('button', { name: WRITER_MESSAGES.stop }).click();
      await page.getByText(WRITER_MESSAGES.stopped).waitFor();
      const stopped = await readStoryPage(page);
      assert.ok(stopped.text.trim().length > 0, 'the words written before Stop are kept');
      await expectVisible(
        page.getByRole('heading', { level: 2, name: WRITER_MESSAGES.stoppedPartialDraft }),
      );
      await expectHidden(page.getByRole('heading', { name: 'Your Story has been generated' }));
      assert.equal(await page.getByText('Your story is ready below.').count(), 0);

      // The copy and the Listen panel say that the text is partial.
      await expectVisible(page.getByText(WRITER_MESSAGES.partialDraftNote, { exact: true }));
      const describedBy = (button: string) =>
        page
          .getByRole('button', { name: button, exact: true })
          .evaluate(
            (element) =>
              document.getElementById(element.getAttribute('aria-describedby') ?? '')
                ?.textContent ?? '',
          );
      assert.equal(await describedBy('Copy to clipboard'), WRITER_MESSAGES.partialDraftNote);
      assert.match(
        await describedBy('Listen'),
        new RegExp(WRITER_MESSAGES.partialDraftNote.replace(/[.:]/g, '\\$&')),
      );
      // The stopped story, its title heading included, keeps the page's outline and WCAG AA.
      assert.deepEqual(await accessibilityViolations(page), []);
    },
  );
});

describe('a visitor never loses the thread (issue 22)', () => {
  test(
    'on a phone the growing story stays in view until the visitor scrolls up; another writer is refused by name',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      await assertNeuralEngine('text');
      await withFreshBrowser(PHONE, async (page) => {
        await startStory(page);
        await waitForPage(
          page,
          'text while the model writes',
          (state) => state.writing && state.text.trim().length > 0,
        );
        // The text's end is in the window while it grows, though the panel starts below it.
        await page.waitForFunction(
          () => {
            const text = document.querySelector('.markdown-view')?.getBoundingClientRect();
            return text !== undefined && text.bottom > 0 && text.bottom <= window.innerHeight;
          },
          undefined,
          { timeout: 10_000 },
        );
        assert.ok((await page.evaluate(() => window.scrollY)) > 0, 'the page followed the text');

        // The writers share one engine: the blog in another tab is refused, naming the story.
        const other = await page.context().newPage();
        try {
          await other.goto(ROUTES.blog);
          await other.getByLabel('Topic', { exact: true }).fill('Kites');
          await other.getByRole('button', { name: 'Generate', exact: true }).click();
          const refusal = other.locator('.tool-error:not(:empty)');
          await refusal.waitFor();
          assert.equal(
            (await refusal.textContent())?.trim(),
            SERVER_MESSAGES.visitorHasJob('stroy-speech'),
          );
        } finally {
          await other.close();
        }

        // The visitor scrolls up to read the form: the growing text no longer pulls them down.
        await page.mouse.move(100, 100);
        await page.mouse.wheel(0, -200);
        await page.waitForTimeout(1000);
        const scrolledTo = await page.evaluate(() => window.scrollY);
        const before = await readStoryPage(page);
        await waitForPage(
          page,
          'more text after the visitor scrolled up',
          (state) => !state.writing || state.text.length > before.text.length + 20,
        );
        assert.ok(
          (await page.evaluate(() => window.scrollY)) <= scrolledTo + 1,
          'the page scrolled down again after the visitor scrolled up',
        );

        if ((await readStoryPage(page)).writing) {
          await page.getByRole('button', { name: WRITER_MESSAGES.stop }).click();
          await page.getByText(WRITER_MESSAGES.stopped).waitFor();
        }
      });
    },
  );
});
