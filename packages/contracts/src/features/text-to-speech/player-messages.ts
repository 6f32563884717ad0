/**
 * What the speech player says while the speech is made and plays at once (the text-to-speech
 * page and the writers' read-aloud panels). Its Stop button says WRITER_MESSAGES.stop. Plain
 * values, free of zod, so the website's first load may use them.
 */
export const SPEECH_PLAYER_MESSAGES = {
  /** Names the player's controls while the speech is made. */
  label: 'Audio playing while it is made',
  pause: 'Pause',
  resume: 'Resume',
  /** `heard` and `made` are clock times, such as "0:12" and "0:30". */
  position: (heard: string, made: string) => `${heard} / ${made} made so far`,
  paused: 'Paused',
} as const;
