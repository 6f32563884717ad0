/**
 * Issue 22, "a visitor never loses the thread": at the desktop's and the phone's width, the result
 * of text to speech and of speech to text comes into view with focus on its title, focus never
 * falls to the page's body while the tool works, and speech to text shows its progress, then its
 * transcript, as soon as a file is added, with no press of Start. The real engines answer.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { ROUTES, SPEECH_TO_TEXT_MESSAGES } from '@ai-tools/contracts';
import { DESKTOP, PHONE, withFreshBrowser, type Viewport } from './helpers/browser.ts';
import { accessibilityViolations } from './helpers/accessibility.ts';
import { expectVisible } from './helpers/visibility.ts';
import { assertNeuralEngine } from './helpers/engines.ts';

/** Generous: the local engines share two cores with the rest of the suite. */
const GENERATION_TIMEOUT_MS = 180_000;
const TEST_TIMEOUT_MS = 2 * GENERATION_TIMEOUT_MS;

let workDir: string;
before(() => {
  workDir = mkdtempSync(join(tmpdir(), 'e2e-results-'));
});
after(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** A short spoken English sentence as WAV: espeak-ng, else a recording shipped by pocketsphinx. */
function speechRecording(): string {
  const path = join(workDir, 'hello.wav');
  const spoken = spawnSync('espeak-ng', ['-w', path, 'Hello world. This is a test.']);
  if (spoken.status === 0 && existsSync(path)) return path;
  const shipped = '/usr/share/pocketsphinx/test/data/cards/001.wav';
  assert.ok(existsSync(shipped), 'Neither espeak-ng nor the pocketsphinx recordings are there.');
  return shipped;
}

/** Waits until `heading` has focus and lies whole inside the window (after a smooth scroll). */
async function expectFocusedInView(page: Page, heading: Locator, name: string) {
  await expectVisible(heading);
  await page.waitForFunction(
    (title) => {
      const active = document.activeElement;
      if (!(active instanceof HTMLElement) || active.textContent !== title) return false;
      const { top, bottom } = active.getBoundingClientRect();
      return top >= 0 && bottom <= window.innerHeight;
    },
    name,
    { timeout: 10_000 },
  );
}

/** The focused element's tag, many times while `busy` holds: it must never be the body. */
async function focusWhileBusy(page: Page, busy: () => Promise<boolean>): Promise<string[]> {
  const seen = new Set<string>();
  while (await busy()) {
    seen.add(await page.evaluate(() => document.activeElement?.tagName ?? 'none'));
    await page.waitForTimeout(100);
  }
  return [...seen];
}

for (const [width, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as [string, Viewport][]) {
  describe(`results come into view (${width}, ${viewport.width}×${viewport.height})`, () => {
    test(
      'text to speech: focus stays on Generate while it works, then moves to the audio in view',
      { timeout: TEST_TIMEOUT_MS },
      async () => {
        await assertNeuralEngine('speech');
        await withFreshBrowser(viewport, async (page) => {
          await page.goto(ROUTES.textToSpeech);
          await page
            .getByLabel('Text', { exact: true })
            .fill('Results come into view. Then the visitor listens.');
          await page.getByRole('button', { name: 'Generate', exact: true }).click();

          const generating = page.getByRole('button', { name: 'Generating...' });
          const focused = await focusWhileBusy(page, async () => (await generating.count()) > 0);
          assert.ok(!focused.includes('BODY'), `focus fell to the page: ${focused.join(', ')}`);

          await page.locator('audio[src^="blob:"]').waitFor({ timeout: GENERATION_TIMEOUT_MS });
          const heading = page.getByRole('heading', { level: 2, name: 'Generated Audio:' });
          await expectFocusedInView(page, heading, 'Generated Audio:');
          // The title is the one announcement: no "ready below" besides it.
          assert.equal(await page.getByText('Your audio is ready below.').count(), 0);
          assert.deepEqual(await accessibilityViolations(page), []);
        });
      },
    );

    test(
      'speech to text: adding a file shows its progress, then its transcript, without Start',
      { timeout: TEST_TIMEOUT_MS },
      async () => {
        await assertNeuralEngine('transcription');
        await withFreshBrowser(viewport, async (page) => {
          await page.goto(ROUTES.speechToText);
          await page.getByRole('heading', { name: 'Speech To Text AI' }).waitFor();
          await page.locator('input[type="file"]').setInputFiles(speechRecording());

          // No press of Start: the panel is there at once, with the progress or the transcript.
          const title = 'Your subtitles have been generated';
          const heading = page.getByRole('heading', { level: 2, name: title });
          await expectVisible(heading);
          const transcript = page.getByLabel('Transcript');
          await page.waitForFunction(
            (processing) => {
              const area = document.querySelector<HTMLTextAreaElement>('textarea.transcript');
              return area !== null && area.value !== processing;
            },
            SPEECH_TO_TEXT_MESSAGES.processingAudio,
            { timeout: GENERATION_TIMEOUT_MS },
          );
          const text = await transcript.inputValue();
          assert.notEqual(text, SPEECH_TO_TEXT_MESSAGES.noTextYet, 'the transcript is empty');
          await expectFocusedInView(page, heading, title);
          await expectVisible(page.getByRole('button', { name: 'Download SRT' }));
          assert.deepEqual(await accessibilityViolations(page), []);
        });
      },
    );
  });
}
