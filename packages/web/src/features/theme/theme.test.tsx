import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { makeStore } from '../../app/store.ts';
import themeInitScript from '../../../public/theme-init.js?raw';
import { useApplyTheme } from './use-apply-theme.ts';
import { ThemeToggle } from './theme-toggle.tsx';
import { THEME_DEFAULTS } from '@ai-tools/contracts';
import {
  accentColorValue,
  selectAccentColor,
  selectThemeMode,
  setAccentColor,
} from './theme-slice.ts';

/** Runs public/theme-init.js as index.html does: a classic script in the document. */
function runThemeInitScript() {
  const element = document.createElement('script');
  element.textContent = themeInitScript;
  document.head.append(element);
  element.remove();
}

function ThemedToggle() {
  useApplyTheme();
  return <ThemeToggle />;
}

function renderToggle(store = makeStore()) {
  render(
    <Provider store={store}>
      <ThemedToggle />
    </Provider>,
  );
  return store;
}

beforeEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
  document.documentElement.style.removeProperty('--color-accent');
});

describe('theme (docs/product.md section 4)', () => {
  it('defaults to light and applies it to <html>', () => {
    const store = renderToggle();
    expect(selectThemeMode(store.getState())).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(screen.getByRole('button', { name: 'Dark mode' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('toggling applies dark, saves it under the theme-mode key, and a new visit starts dark', async () => {
    const user = userEvent.setup();
    renderToggle();
    await user.click(screen.getByRole('button', { name: 'Dark mode' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem(THEME_DEFAULTS.storageKey)).toBe('dark');
    expect(screen.getByRole('button', { name: 'Dark mode' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    expect(selectThemeMode(makeStore().getState())).toBe('dark');

    await user.click(screen.getByRole('button', { name: 'Dark mode' }));
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem(THEME_DEFAULTS.storageKey)).toBe('light');
  });

  it('ignores a saved value that is not a mode', () => {
    localStorage.setItem(THEME_DEFAULTS.storageKey, 'purple');
    expect(selectThemeMode(makeStore().getState())).toBe('light');
  });

  it('applies the accent colour, red by default, which the logo follows', () => {
    const store = renderToggle();
    expect(selectAccentColor(store.getState())).toBe('red');
    expect(document.documentElement.style.getPropertyValue('--color-accent')).toBe('#f8542d');
    // A literal, so the test does not only repeat the lookup it checks.
    expect(accentColorValue('blue')).toBe('#2563eb');
    act(() => {
      store.dispatch(setAccentColor('blue'));
    });
    expect(document.documentElement.style.getPropertyValue('--color-accent')).toBe('#2563eb');
    expect(document.documentElement.dataset.accent).toBe('blue');
  });

  it('public/theme-init.js applies the saved mode before the app runs', () => {
    const script = themeInitScript;
    expect(script).toContain(`'${THEME_DEFAULTS.storageKey}'`);

    localStorage.setItem(THEME_DEFAULTS.storageKey, 'dark');
    runThemeInitScript();
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');

    localStorage.setItem(THEME_DEFAULTS.storageKey, 'nonsense');
    runThemeInitScript();
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
  });
});
