/** What the three writers share, free of zod. */

/** The writers' Additional Info: the visitor's own idea or details, in characters. */
export const ADDITIONAL_INFO_MAX_LENGTH = 1000;
