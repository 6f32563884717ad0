/**
 * Debian's Chromium driven by playwright-core. Never downloads a browser.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  close: () => Promise<void>;
}

export interface Viewport {
  width: number;
  height: number;
}

export const DESKTOP: Viewport = { width: 1280, height: 800 };
/** The narrowest phone the site must serve. */
export const PHONE: Viewport = { width: 360, height: 740 };

export async function openBrowser(viewport: Viewport = DESKTOP): Promise<BrowserSession> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'e2e-chromium-'));
  // A fresh profile per session: nothing carries over between tests (theme, storage).
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    baseURL: BASE_URL,
    viewport,
    acceptDownloads: true,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `use` on the page of a browser of its own (a fresh profile), closed whatever happens. */
export async function withFreshBrowser(
  viewport: Viewport,
  use: (page: Page) => Promise<void>,
): Promise<void> {
  const session = await openBrowser(viewport);
  try {
    await use(session.page);
  } finally {
    await session.close();
  }
}
