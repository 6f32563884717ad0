/**
 * The website's shell and static screens in Debian's Chromium against the real `npm start`:
 * routes, navbar, mobile menu, theme (no flash), contact (validation and a real send), FAQ, 404.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CONTACT_MESSAGES,
  ROUTE_PATHS,
  ROUTES,
  TIMINGS,
  STORY_TOOL,
  TOOLS,
  toolPath,
} from '@ai-tools/contracts';
import type { Page } from 'playwright-core';
import { accessibilityViolations } from './helpers/accessibility.ts';
import {
  DESKTOP,
  PHONE,
  openBrowser,
  withFreshBrowser,
  type BrowserSession,
} from './helpers/browser.ts';
import { animationsFinished, expectHidden, expectVisible } from './helpers/visibility.ts';

const SCREEN_HEADINGS: Record<string, string | RegExp> = {
  [ROUTES.home]: /amazing and simple/,
  [ROUTES.homeAlias]: /amazing and simple/,
  [ROUTES.aiTools]: 'AI Tools',
  [ROUTES.about]: 'About Us',
  [ROUTES.contact]: 'Get In Touch',
  [ROUTES.faqs]: 'Frequently Asked Questions',
  [ROUTES.privacyPolicy]: 'Privacy Policy',
};

/** The URL changes before React renders the new location: poll attributes, never read once. */
async function waitForAttribute(page: Page, selector: string, name: string, value: string) {
  await page.waitForFunction(
    ([selector, name, value]) => document.querySelector(selector!)?.getAttribute(name!) === value,
    [selector, name, value],
  );
}

async function mainHeading(page: Page): Promise<string> {
  const heading = page.locator('main h1').first();
  await heading.waitFor();
  return (await heading.textContent()) ?? '';
}

/** After a client-side navigation the old screen stays until the new one renders: wait for it. */
async function waitForMainHeading(page: Page, expected: string | RegExp): Promise<void> {
  const pattern = typeof expected === 'string' ? expected : expected.source;
  const exact = typeof expected === 'string';
  try {
    await page.waitForFunction(
      ([pattern, exact]) => {
        const text = document.querySelector('main h1')?.textContent?.trim() ?? '';
        return exact ? text === pattern : new RegExp(pattern).test(text);
      },
      [pattern, exact] as const,
      { timeout: 10_000 },
    );
  } catch {
    assert.fail(`main heading is "${await mainHeading(page)}", expected ${String(expected)}`);
  }
}

let desktop: BrowserSession;
before(async () => {
  desktop = await openBrowser(DESKTOP);
});
after(async () => {
  await desktop?.close();
});

describe('routes', () => {
  test('every route renders its screen inside the layout, with its own title', async () => {
    const { page } = desktop;
    const titles = new Set<string>();
    for (const path of ROUTE_PATHS) {
      const response = await page.goto(path);
      assert.equal(response?.status(), 200, path);
      const heading = await mainHeading(page);
      const expected = SCREEN_HEADINGS[path];
      if (typeof expected === 'string') assert.equal(heading.trim(), expected, path);
      else if (expected) assert.match(heading, expected, path);
      else assert.ok(heading.trim().length > 0, `${path} has a main heading`);
      await expectVisible(page.getByRole('navigation', { name: 'Main' }), path);
      await expectVisible(page.locator('footer'), path);
      const descriptions = page.locator('head meta[name="description"]');
      assert.equal(await descriptions.count(), 1, `${path} sets one meta description`);
      const description = await descriptions.getAttribute('content');
      assert.ok(description && description.length > 20, `${path} has a meta description`);
      if (path !== ROUTES.homeAlias) titles.add(await page.title());
    }
    // Tool pages may share a title pattern, but the static pages each set their own.
    assert.ok(titles.size >= 6, `distinct titles: ${[...titles].join(' | ')}`);
  });

  test('an unknown path shows the not-found page with a way back home', async () => {
    const { page } = desktop;
    await page.goto('/this/page/does-not-exist');
    assert.equal(await mainHeading(page), 'Page not found');
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL((url) => url.pathname === ROUTES.home);
    await waitForMainHeading(page, /amazing and simple/);
  });
});

describe('navbar and footer', () => {
  test('the links navigate and the active one is highlighted', async () => {
    const { page } = desktop;
    await page.goto(ROUTES.home);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const links = [
      ['AI Tools', ROUTES.aiTools],
      ['About Us', ROUTES.about],
      ['FAQ', ROUTES.faqs],
      ['Contact', ROUTES.contact],
      ['Home', ROUTES.home],
    ] as const;
    for (const [name, path] of links) {
      await nav.getByRole('link', { name, exact: true }).click();
      await page.waitForURL((url) => url.pathname === path);
      // Exactly one highlighted link, the one just followed.
      await page.waitForFunction(
        (name) =>
          Array.from(document.querySelectorAll('nav[aria-label="Main"] [aria-current="page"]'))
            .map((link) => link.textContent)
            .join('|') === name,
        name,
      );
      assert.match(
        (await nav.getByRole('link', { name, exact: true }).getAttribute('class')) ?? '',
        /navbar__link--active/,
      );
      // A screen reader lands on the new page: its heading has the focus.
      await page.waitForFunction(
        () => document.activeElement === document.querySelector('main h1'),
      );
    }
    await nav.getByRole('link', { name: 'Try it Free' }).click();
    await page.waitForURL((url) => url.pathname === ROUTES.aiTools);
    await page.getByRole('link', { name: 'AI Content Tools' }).first().click();
    await page.waitForURL((url) => url.pathname === ROUTES.home);
  });

  test('the first Tab reaches a skip link that jumps to the content', async () => {
    const { page } = desktop;
    await page.goto(ROUTES.faqs);
    await mainHeading(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    assert.ok(await skip.evaluate((link) => link === document.activeElement));
    assert.ok(((await skip.boundingBox())?.y ?? -1) >= 0, 'visible once focused');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'main');
  });

  test('the navbar turns sticky from 50 px of scroll', async () => {
    const { page } = desktop;
    await page.goto(ROUTES.home);
    const navbar = page.getByTestId('navbar');
    await navbar.waitFor();
    assert.doesNotMatch((await navbar.getAttribute('class')) ?? '', /navbar--sticky/);
    await page.evaluate((y) => window.scrollTo(0, y), TIMINGS.stickyNavbarScrollPx + 10);
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="navbar"]')?.classList.contains('navbar--sticky'),
    );
    const box = await navbar.boundingBox();
    assert.equal(Math.round(box?.y ?? -1), 0, 'the sticky navbar stays at the top');
  });

  test('the footer has its three columns and the Reach out to us block', async () => {
    const { page } = desktop;
    await page.goto(ROUTES.about);
    const footer = page.locator('footer');
    for (const [column, names] of [
      ['Product', ['Home', 'AI Tools']],
      ['Information', ['Privacy & Policy', 'About us']],
      ['Support', ['FAQ', 'Contact']],
    ] as const) {
      const nav = footer.getByRole('navigation', { name: column });
      for (const name of names) await expectVisible(nav.getByRole('link', { name, exact: true }));
    }
    await expectVisible(footer.getByRole('heading', { name: 'Reach out to us' }));
    await expectVisible(footer.locator('a[href^="mailto:"]'));
    await expectVisible(footer.locator('a[href^="https://wa.me/"]'));
    await expectVisible(footer.locator('a[href^="tel:"]'));
    await footer.getByRole('link', { name: 'Privacy & Policy' }).click();
    await page.waitForURL((url) => url.pathname === ROUTES.privacyPolicy);
    await waitForMainHeading(page, 'Privacy Policy');
    await page.waitForFunction(() => window.scrollY === 0);
  });
});

describe('on a 360 px phone', () => {
  let phone: BrowserSession;
  before(async () => {
    phone = await openBrowser(PHONE);
  });
  after(async () => {
    await phone?.close();
  });

  test('the menu toggle opens and closes the menu and navigating closes it', async () => {
    const { page } = phone;
    await page.goto(ROUTES.home);
    const toggle = page.getByRole('button', { name: 'Menu' });
    const faqLink = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'FAQ' });
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    await expectHidden(faqLink, 'links hidden while the menu is closed');

    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    await expectVisible(faqLink);
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    await expectHidden(faqLink);

    // By keyboard: focus the toggle, open with Enter, then follow a link.
    await toggle.focus();
    await page.keyboard.press('Enter');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    await faqLink.click();
    await page.waitForURL((url) => url.pathname === ROUTES.faqs);
    await waitForAttribute(page, 'button[aria-controls="main-menu"]', 'aria-expanded', 'false');
    await expectHidden(faqLink);
  });

  test('nothing overflows sideways and the tool grid has two columns', async () => {
    const { page } = phone;
    for (const path of [
      ROUTES.home,
      ROUTES.aiTools,
      ROUTES.contact,
      ROUTES.faqs,
      ROUTES.privacyPolicy,
      ...TOOLS.map((tool) => toolPath(tool.link)),
    ]) {
      await page.goto(path);
      await mainHeading(page);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.ok(overflow <= 0, `${path} overflows by ${overflow} px`);
    }
    await page.goto(ROUTES.aiTools);
    await page.getByTestId('tool-card').first().waitFor();
    const columns = await page
      .locator('.tool-grid')
      .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
    assert.equal(columns, 2);
  });
});

describe('screens', () => {
  test('home: hero, Get Started For Free, the banner and Get In Touch', async () => {
    const { page } = desktop;
    await page.goto(ROUTES.home);
    const hero = page.locator('#home');
    await hero.waitFor();
    await expectVisible(hero.getByText('Awesome AI Tools'));
    const background = await hero.evaluate((element) => getComputedStyle(element).backgroundImage);
    assert.match(background, /hero-background\.svg/);
    assert.ok(
      background.includes(new URL(page.url()).origin),
      'the cover image ships with the app',
    );
    const image = await page.request.get('/images/hero-background.svg');
    assert.equal(image.status(), 200);
    // Without VITE_DEMO_VIDEO_ID there is no demo control.
    assert.equal(await page.getByRole('button', { name: /watch demo/i }).count(), 0);
    await expectVisible(page.getByRole('heading', { name: "Let's Get Started" }));
    await expectVisible(page.getByRole('heading', { name: 'Get In Touch' }));
    await hero.getByRole('link', { name: 'Get Started For Free' }).click();
    await page.waitForURL((url) => url.pathname === ROUTES.aiTools);
  });

  test('AI Tools: every tool card, three columns, each links to its tool with its icon', async () => {
    const { page } = desktop;
    await page.goto(ROUTES.aiTools);
    const cards = page.getByTestId('tool-card');
    await cards.first().waitFor();
    assert.equal(await cards.count(), TOOLS.length);
    for (const tool of TOOLS) {
      const link = page.getByRole('link', { name: tool.name, exact: true });
      assert.equal(await link.getAttribute('href'), toolPath(tool.link));
      const icon = await page.request.get(tool.image);
      assert.equal(icon.status(), 200, tool.image);
      assert.match(icon.headers()['content-type'] ?? '', /svg/);
    }
    const loaded = await page
      .locator('[data-testid="tool-card"] img')
      .evaluateAll((images) =>
        images.every((image) => (image as HTMLImageElement).naturalWidth > 0),
      );
    assert.ok(loaded, 'every icon loads');
    const columns = () =>
      page
        .locator('main ul.tool-grid')
        .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
    assert.equal(await columns(), 3);
    await page.getByRole('link', { name: STORY_TOOL.name, exact: true }).click();
    await page.waitForURL((url) => url.pathname === STORY_TOOL.page.path);
    await page.getByRole('button', { name: 'Generate Story' }).waitFor();

    // Back on the listing, the tool pages' own stylesheet (loaded with them) must not change it.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'AI Tools', exact: true })
      .click();
    await waitForMainHeading(page, 'AI Tools');
    assert.equal(await columns(), 3, 'still three columns after visiting a tool');
  });

  test('FAQ: an item toggles open and closed', async () => {
    const { page } = desktop;
    await page.goto(ROUTES.faqs);
    const questions = page.locator('main button[aria-expanded]');
    await questions.first().waitFor();
    assert.equal(await questions.count(), 5);
    const first = questions.first();
    const panel = page.locator(
      `#${(await first.getAttribute('aria-controls'))!.replace(/:/g, '\\:')}`,
    );
    assert.equal(await first.getAttribute('aria-expanded'), 'false');
    assert.equal(
      Math.round((await panel.boundingBox())?.height ?? -1),
      0,
      'closed answer takes no space',
    );
    await first.click();
    assert.equal(await first.getAttribute('aria-expanded'), 'true');
    await animationsFinished(page);
    assert.ok(((await panel.boundingBox())?.height ?? 0) > 20, 'the answer is shown');
    await first.click();
    assert.equal(await first.getAttribute('aria-expanded'), 'false');
    await animationsFinished(page);
    assert.equal(Math.round((await panel.boundingBox())?.height ?? -1), 0);
  });

  test('Privacy Policy: dates, 11 numbered sections and the third-party table', async () => {
    const { page } = desktop;
    await page.goto(ROUTES.privacyPolicy);
    await mainHeading(page);
    const text = (await page.locator('main').textContent()) ?? '';
    assert.match(text, /Effective date:\s*01\/09\/2025/);
    assert.match(text, /Last updated:\s*01\/09\/2025/);
    const sections = await page.locator('main h2').allTextContents();
    assert.equal(sections.length, 11);
    sections.forEach((title, index) => assert.match(title, new RegExp(`^${index + 1}\\. `)));
    assert.equal(await page.locator('main table').count(), 1);
    assert.match(text, /7 days/);
    assert.match(text, /24 hours/);
    assert.match(text, /13/);
  });
});

describe('theme', () => {
  test('dark mode survives a reload and is applied before the app script runs', async () => {
    await withFreshBrowser(DESKTOP, async (page) => {
      await page.goto(ROUTES.about);
      await mainHeading(page);
      assert.equal(await page.locator('html').getAttribute('data-theme'), 'light');
      const accent = await page.evaluate(() =>
        document.documentElement.style.getPropertyValue('--color-accent'),
      );
      assert.equal(accent.toLowerCase(), '#f8542d', 'the red colour stylesheet by default');

      await page.getByRole('button', { name: 'Dark mode' }).click();
      await waitForAttribute(page, 'html', 'data-theme', 'dark');
      assert.equal(await page.evaluate(() => localStorage.getItem('theme-mode')), 'dark');

      await page.reload();
      await mainHeading(page);
      assert.equal(await page.locator('html').getAttribute('data-theme'), 'dark');
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      assert.equal(background, 'rgb(15, 17, 21)', 'the dark background');
      assert.equal(
        await page.getByRole('button', { name: 'Dark mode' }).getAttribute('aria-pressed'),
        'true',
      );

      // No flash: with the app's module blocked, the page is still dark from its first paint.
      await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
      await page.goto(ROUTES.faqs);
      assert.equal(await page.locator('html').getAttribute('data-theme'), 'dark');
      assert.equal(
        await page.evaluate(() => document.getElementById('root')?.childElementCount),
        0,
      );
      assert.equal(
        await page.evaluate(() => getComputedStyle(document.body).backgroundColor),
        background,
      );
      await page.unroute(/\/assets\/.*\.js$/);

      await page.goto(ROUTES.about);
      await page.getByRole('button', { name: 'Dark mode' }).click();
      await page.reload();
      await mainHeading(page);
      assert.equal(await page.locator('html').getAttribute('data-theme'), 'light');
    });
  });
});

describe('contact', () => {
  test('validation messages after touch, then a real send to the server', async () => {
    const { page } = desktop;
    await page.goto(ROUTES.contact);
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.waitFor();
    const name = form.getByLabel('Name');
    const email = form.getByLabel('Email');
    const subject = form.getByLabel('Subject');
    const message = form.getByLabel('Message');

    assert.equal(await form.locator('.field-error').count(), 0, 'no message before a touch');
    await name.focus();
    await email.focus();
    await expectVisible(form.getByText(CONTACT_MESSAGES.nameRequired));
    await email.fill('not-an-email');
    await subject.focus();
    await expectVisible(form.getByText(CONTACT_MESSAGES.emailInvalid));
    await email.fill('');
    await expectVisible(form.getByText(CONTACT_MESSAGES.emailRequired));
    await message.focus();
    await expectVisible(form.getByText(CONTACT_MESSAGES.subjectRequired));
    await name.focus();
    await expectVisible(form.getByText(CONTACT_MESSAGES.messageRequired));
    await message.fill('Too short');
    await expectVisible(form.getByText(CONTACT_MESSAGES.messageTooShort));
    const errorColor = await form
      .getByText(CONTACT_MESSAGES.messageTooShort)
      .evaluate((element) => getComputedStyle(element).color);
    assert.equal(errorColor, 'rgb(180, 35, 24)', 'messages are red');

    await name.fill('Browser Test');
    await email.fill('browser-test@example.com');
    await subject.fill('End-to-end check');
    await message.fill('This message comes from the website browser test.');
    assert.equal(await form.locator('.field-error').count(), 0);

    const reply = page.waitForResponse((response) =>
      response.url().endsWith('/api/contact/send_message'),
    );
    await form.getByRole('button', { name: 'Send Message' }).click();
    const response = await reply;
    assert.equal(response.status(), 200, await response.text());
    assert.deepEqual(await response.json(), { success: true, message: CONTACT_MESSAGES.sent });

    const success = form.getByText(CONTACT_MESSAGES.sent);
    await success.waitFor();
    assert.equal(await name.inputValue(), '', 'the form is reset');
    assert.equal(await message.inputValue(), '');
    // It clears by itself; the 3 s are pinned with fake timers in contact-form.test.tsx.
    await success.waitFor({ state: 'detached' });
  });
});

describe('accessibility (axe, WCAG 2.1 A and AA)', () => {
  const PAGES = [
    ROUTES.home,
    ROUTES.aiTools,
    ROUTES.about,
    ROUTES.faqs,
    ROUTES.privacyPolicy,
    ROUTES.contact,
    '/no-such-page',
    ...TOOLS.map((tool) => toolPath(tool.link)),
  ];

  for (const mode of ['light', 'dark'] as const) {
    test(`the site's screens have no violations in ${mode} mode`, async () => {
      await withFreshBrowser(DESKTOP, async (page) => {
        await page.goto(ROUTES.about);
        await page.evaluate((mode) => localStorage.setItem('theme-mode', mode), mode);
        const problems: string[] = [];
        for (const path of PAGES) {
          await page.goto(path);
          await mainHeading(page);
          if (path === ROUTES.faqs)
            await page.locator('main button[aria-expanded]').first().click();
          if (path === ROUTES.contact) {
            // With the validation messages showing.
            await page.getByRole('button', { name: 'Send Message' }).click();
            await page.getByText(CONTACT_MESSAGES.nameRequired).waitFor();
          }
          // Colour transitions end before contrast is measured.
          await animationsFinished(page);
          for (const problem of await accessibilityViolations(page))
            problems.push(`${path}: ${problem}`);
        }
        assert.deepEqual(problems, []);
      });
    });
  }

  test('the home page and the open menu have no violations on a 360 px phone', async () => {
    await withFreshBrowser(PHONE, async (page) => {
      await page.goto(ROUTES.home);
      await mainHeading(page);
      await page.getByRole('button', { name: 'Menu' }).click();
      await animationsFinished(page);
      assert.deepEqual(await accessibilityViolations(page), []);
    });
  });
});
