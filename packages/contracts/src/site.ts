/**
 * docs/product.md section 9's site constants beyond the lists: download names, theme defaults, the
 * video modal's defaults and the privacy policy's figures. The website (and, for the video player,
 * the server's Content-Security-Policy) reads them from here.
 */

/** What the tools download (docs/product.md sections 2 and 9). */
export const DOWNLOADS = {
  /** Generated speech and its captions: generated_speech.<ext>, .srt and .vtt. */
  speechBaseName: 'generated_speech',
  /** The transcript: plain text named subtitles.rtc. */
  transcriptFileName: 'subtitles.rtc',
  /** The video script: plain text named video-script.rtc. */
  scriptFileName: 'video-script.rtc',
  /** The media type of both .rtc files. */
  textMediaType: 'text/plain',
  /** The timed subtitle files this site adds beside the transcript take its name. */
  subtitlesBaseName: 'subtitles',
  /** The video script's voice-over and its captions: voice-over.mp3, voice-over.srt... */
  voiceOverBaseName: 'voice-over',
  /** The blog and the story read aloud, and their captions. */
  blogAudioBaseName: 'blog-audio',
  storyAudioBaseName: 'story-audio',
} as const;

export const THEME_MODES = ['light', 'dark'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];

/** docs/product.md section 4's colour stylesheets, in order; the logo follows the active one. */
export const ACCENT_COLORS = {
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

/** docs/product.md section 9: mode light, colour red (#F8542D), the mode kept under one key. */
export const THEME_DEFAULTS = {
  /**
   * The localStorage key of the chosen mode. packages/web/public/theme-init.js repeats it: it runs
   * before the app bundle and cannot import; a web test checks the two agree.
   */
  storageKey: 'theme-mode',
  mode: 'light',
  accentColor: 'red',
} as const satisfies { storageKey: string; mode: ThemeMode; accentColor: AccentColorName };

/**
 * docs/product.md section 9's video modal: 16:9, autoplay on, full screen allowed, played by Vimeo.
 */
export const VIDEO_MODAL = {
  aspectRatio: '16 / 9',
  autoplay: true,
  allowFullscreen: true,
  playerOrigin: 'https://player.vimeo.com',
} as const;

/** The privacy policy's dates and figures (docs/product.md sections 2 and 9). */
export const PRIVACY_FACTS = {
  effectiveDate: '01/09/2025',
  lastUpdated: '01/09/2025',
  uploadRetentionDaysAtMost: 7,
  plannedUploadRetentionHours: 24,
  analyticsRetentionMonths: 14,
  minimumAge: 13,
} as const;
