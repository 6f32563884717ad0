/**
 * The request and response schemas of the calls in docs/product.md section 7. The server validates
 * with them and the web types its API client with them: each field name and message lives here.
 */
import { z } from 'zod';
import { CAPABILITIES } from './tools.ts';
import { BODY_MUST_BE_OBJECT, requiredText } from './schema-parts.ts';
import { CONTACT_HONEYPOT_FIELD, LIMITS } from './limits.ts';
import { CONTACT_MESSAGES } from './messages.ts';

// ---------------------------------------------------------------- contact

export const contactMessageSchema = z.object(
  {
    name: requiredText(
      CONTACT_MESSAGES.nameRequired,
      LIMITS.contactNameMaxLength,
      `Name must be at most ${LIMITS.contactNameMaxLength} characters.`,
    ),
    email: requiredText(
      CONTACT_MESSAGES.emailRequired,
      LIMITS.contactEmailMaxLength,
      CONTACT_MESSAGES.emailInvalid,
    ).pipe(z.email(CONTACT_MESSAGES.emailInvalid)),
    subject: requiredText(
      CONTACT_MESSAGES.subjectRequired,
      LIMITS.contactSubjectMaxLength,
      `Subject must be at most ${LIMITS.contactSubjectMaxLength} characters.`,
    ),
    message: requiredText(
      CONTACT_MESSAGES.messageRequired,
      LIMITS.contactMessageMaxLength,
      `Message must be at most ${LIMITS.contactMessageMaxLength} characters long.`,
    ).min(LIMITS.contactMessageMinLength, CONTACT_MESSAGES.messageTooShort),
    /** Honeypot: hidden from people, so any value marks a bot. */
    [CONTACT_HONEYPOT_FIELD]: z.string().optional(),
  },
  { error: BODY_MUST_BE_OBJECT },
);
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type ContactResponse = z.infer<typeof contactResponseSchema>;

// ---------------------------------------------------------------- errors and health

/** Every error answer: a human-readable message (ADR 036: one error model). */
export const apiErrorSchema = z.object({ message: z.string() });
export type ApiError = z.infer<typeof apiErrorSchema>;

export const ENGINE_TIERS = ['neural', 'classic', 'api', 'none'] as const;
export type EngineTier = (typeof ENGINE_TIERS)[number];

export const engineStatusSchema = z.object({
  /** The engine's name as a visitor may read it, such as 'festival' or 'whisper base'. */
  engine: z.string(),
  tier: z.enum(ENGINE_TIERS),
  ready: z.boolean(),
  /** Why it is not ready and how to enable it, when it is not. */
  detail: z.string().optional(),
});
export type EngineStatus = z.infer<typeof engineStatusSchema>;

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  engines: z.record(z.enum(CAPABILITIES), engineStatusSchema),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
