import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ACCENT_COLORS,
  DOWNLOADS,
  PRIVACY_FACTS,
  THEME_DEFAULTS,
  THEME_MODES,
  VIDEO_MODAL,
} from '../src/index.ts';

test('downloads are named as docs/product.md sections 2 and 9 say', () => {
  assert.equal(DOWNLOADS.speechBaseName, 'generated_speech');
  assert.equal(DOWNLOADS.transcriptFileName, 'subtitles.rtc');
  assert.equal(DOWNLOADS.scriptFileName, 'video-script.rtc');
  assert.equal(DOWNLOADS.textMediaType, 'text/plain');
});

test('the theme defaults to light and red (#F8542D), saved under one key', () => {
  assert.deepEqual(THEME_MODES, ['light', 'dark']);
  assert.equal(THEME_DEFAULTS.mode, 'light');
  assert.equal(THEME_DEFAULTS.accentColor, 'red');
  assert.equal(ACCENT_COLORS[THEME_DEFAULTS.accentColor].toUpperCase(), '#F8542D');
  assert.equal(THEME_DEFAULTS.storageKey, 'theme-mode');
  assert.equal(new Set(Object.values(ACCENT_COLORS)).size, Object.keys(ACCENT_COLORS).length);
});

test('the video modal is 16:9, autoplays, allows full screen and plays from Vimeo', () => {
  assert.equal(VIDEO_MODAL.aspectRatio, '16 / 9');
  assert.equal(VIDEO_MODAL.autoplay, true);
  assert.equal(VIDEO_MODAL.allowFullscreen, true);
  assert.equal(new URL(VIDEO_MODAL.playerOrigin).hostname, 'player.vimeo.com');
});

test("the privacy policy's dates and figures", () => {
  assert.deepEqual(PRIVACY_FACTS, {
    effectiveDate: '01/09/2025',
    lastUpdated: '01/09/2025',
    uploadRetentionDaysAtMost: 7,
    plannedUploadRetentionHours: 24,
    analyticsRetentionMonths: 14,
    minimumAge: 13,
  });
});
