import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { selectThemeMode, toggleThemeMode } from './theme-slice.ts';

/** The footer's light/dark switch (docs/product.md section 2). */
export function ThemeToggle() {
  const dispatch = useAppDispatch();
  const mode = useAppSelector(selectThemeMode);

  return (
    <button
      type="button"
      className="button button--secondary button--small theme-toggle"
      aria-pressed={mode === 'dark'}
      onClick={() => dispatch(toggleThemeMode())}
    >
      <span aria-hidden="true">{mode === 'light' ? '☾' : '☀'}</span>
      Dark mode
    </button>
  );
}
