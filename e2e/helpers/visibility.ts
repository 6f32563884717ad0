/**
 * Visibility checks that wait for the page to settle. Locator.isVisible() answers at once, so a
 * check made while React is still rendering a lazily loaded screen fails at random.
 */
import { AssertionError } from 'node:assert';
import type { Locator, Page } from 'playwright-core';

const SETTLE_TIMEOUT_MS = 10_000;

async function expectState(
  locator: Locator,
  state: 'visible' | 'hidden',
  message: string,
): Promise<void> {
  try {
    await locator.first().waitFor({ state, timeout: SETTLE_TIMEOUT_MS });
  } catch {
    throw new AssertionError({ message: `${message} (${String(locator)} is not ${state})` });
  }
}

export function expectVisible(locator: Locator, message = 'expected to be visible') {
  return expectState(locator, 'visible', message);
}

export function expectHidden(locator: Locator, message = 'expected to be hidden') {
  return expectState(locator, 'hidden', message);
}

/**
 * Waits until every CSS transition and animation on the page has ended (a collapse, a colour
 * change), however long the machine takes to run them, instead of sleeping for their length.
 */
export async function animationsFinished(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.getAnimations().every((animation) => animation.playState !== 'running'),
    undefined,
    { timeout: SETTLE_TIMEOUT_MS },
  );
}
