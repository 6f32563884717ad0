/** The contact form's limits, its hidden field and its retry header: plain values, free of zod. */

export const CONTACT_LIMITS = {
  contactMessageMinLength: 10,
  contactMessageMaxLength: 5000,
  contactNameMaxLength: 100,
  contactSubjectMaxLength: 200,
  contactEmailMaxLength: 254,
} as const;

/**
 * The contact call's optional header: a client that retries a message whose answer it lost sends
 * the same key, and the message is stored once.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Visible ASCII, as in the IETF draft's examples (UUIDs and the like), up to 200 characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** The honeypot field of the contact form: people never see it, simple bots fill it in. */
export const CONTACT_HONEYPOT_FIELD = 'website';
