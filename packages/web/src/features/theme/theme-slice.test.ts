import { makeStore } from '../../app/store.ts';
import { selectThemeMode, setThemeMode, toggleThemeMode } from './theme-slice.ts';

describe('theme slice', () => {
  it('starts light and toggles between light and dark', () => {
    const store = makeStore();
    expect(selectThemeMode(store.getState())).toBe('light');
    store.dispatch(toggleThemeMode());
    expect(selectThemeMode(store.getState())).toBe('dark');
    store.dispatch(setThemeMode('light'));
    expect(selectThemeMode(store.getState())).toBe('light');
  });
});
