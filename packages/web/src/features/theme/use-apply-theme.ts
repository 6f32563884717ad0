import { useEffect } from 'react';
import { useAppSelector } from '../../app/hooks.ts';
import {
  accentColorValue,
  saveThemeMode,
  selectAccentColor,
  selectThemeMode,
} from './theme-slice.ts';

/**
 * Keeps <html> in step with the theme slice: data-theme for the mode (saved for the next visit)
 * and the accent custom property for the active colour stylesheet, which the logo follows.
 */
export function useApplyTheme(): void {
  const mode = useAppSelector(selectThemeMode);
  const accentColor = useAppSelector(selectAccentColor);

  useEffect(() => {
    document.documentElement.dataset.theme = mode;
    saveThemeMode(mode);
  }, [mode]);

  useEffect(() => {
    const root = document.documentElement;
    root.dataset.accent = accentColor;
    root.style.setProperty('--color-accent', accentColorValue(accentColor));
  }, [accentColor]);
}
