import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

const THEME_MODES = ['light', 'dark'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];

/**
 * The localStorage key of the chosen mode. public/theme-init.js reads the same key before the
 * first paint (it cannot import this module: it runs before the app bundle).
 */
export const THEME_STORAGE_KEY = 'theme-mode';

/** The colour stylesheets of SPEC section 4; the logo follows the active one. */
const ACCENT_COLORS = {
  cyan: '#0891b2',
  red: '#f8542d',
  green: '#16a34a',
  pink: '#db2777',
  blue: '#2563eb',
  purple: '#7c3aed',
  orange: '#f97316',
  yellow: '#ca8a04',
} as const;
export type AccentColorName = keyof typeof ACCENT_COLORS;
/** SPEC section 9: the colour stylesheet defaults to red (#F8542D). */
export const DEFAULT_ACCENT_COLOR: AccentColorName = 'red';

export interface ThemeState {
  mode: ThemeMode;
  accentColor: AccentColorName;
}

function isThemeMode(value: unknown): value is ThemeMode {
  return THEME_MODES.includes(value as ThemeMode);
}

/** The saved mode, or light (SPEC section 4). Storage can be blocked (private mode, policies). */
function readSavedThemeMode(): ThemeMode {
  try {
    const saved = globalThis.localStorage?.getItem(THEME_STORAGE_KEY);
    return isThemeMode(saved) ? saved : 'light';
  } catch {
    return 'light';
  }
}

export function saveThemeMode(mode: ThemeMode): void {
  try {
    globalThis.localStorage?.setItem(THEME_STORAGE_KEY, mode);
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
    accentColor: DEFAULT_ACCENT_COLOR,
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
