import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  ACCENT_COLORS,
  THEME_DEFAULTS,
  THEME_MODES,
  type AccentColorName,
  type ThemeMode,
} from '@ai-tools/contracts';

export interface ThemeState {
  mode: ThemeMode;
  accentColor: AccentColorName;
}

function isThemeMode(value: unknown): value is ThemeMode {
  return THEME_MODES.includes(value as ThemeMode);
}

/**
 * The saved mode, or light (docs/product.md section 4). Storage can be blocked (private browsing,
 * a policy).
 */
function readSavedThemeMode(): ThemeMode {
  try {
    const saved = globalThis.localStorage?.getItem(THEME_DEFAULTS.storageKey);
    return isThemeMode(saved) ? saved : THEME_DEFAULTS.mode;
  } catch {
    return THEME_DEFAULTS.mode;
  }
}

export function saveThemeMode(mode: ThemeMode): void {
  try {
    globalThis.localStorage?.setItem(THEME_DEFAULTS.storageKey, mode);
  } catch {
    // Storage is blocked: the mode still applies for this visit.
  }
}

export function accentColorValue(name: AccentColorName): string {
  return ACCENT_COLORS[name];
}

const themeSlice = createSlice({
  name: 'theme',
  initialState: (): ThemeState => ({
    mode: readSavedThemeMode(),
    accentColor: THEME_DEFAULTS.accentColor,
  }),
  reducers: {
    setThemeMode(state, action: PayloadAction<ThemeMode>) {
      state.mode = action.payload;
    },
    toggleThemeMode(state) {
      state.mode = state.mode === 'light' ? 'dark' : 'light';
    },
    setAccentColor(state, action: PayloadAction<AccentColorName>) {
      state.accentColor = action.payload;
    },
  },
  selectors: {
    selectThemeMode: (state) => state.mode,
    selectAccentColor: (state) => state.accentColor,
  },
});

export const { setThemeMode, toggleThemeMode, setAccentColor } = themeSlice.actions;
export const { selectThemeMode, selectAccentColor } = themeSlice.selectors;
export const themeReducer = themeSlice.reducer;
