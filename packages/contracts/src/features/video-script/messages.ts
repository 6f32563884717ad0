/**
 * What the video script page says beyond the writers' shared messages (docs/product.md sections 4
 * and 8). Plain values, free of zod, so the website's first load may use them.
 */
export const VIDEO_SCRIPT_MESSAGES = {
  generatingScript: 'Generating script...',
  noScriptYet: 'No script generated yet',
  noScriptToDownload: 'No script available to download!',
  voiceOver:
    'Reads the Voiceover lines of your script (no headings, on-screen text or B-roll cues), with captions timed to the audio.',
} as const;
