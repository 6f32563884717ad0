/**
 * The answers every call shares: an error's message and the engines' health. Each tool's own
 * request and answer schemas are in features/<tool>/schemas.ts.
 */
import { z } from 'zod';
import { CAPABILITIES } from './tool-descriptor.ts';
import { STORY_LANGUAGES } from './features/story/facts.ts';

/** Every error answer: a human-readable message (ADR 036: one error model). */
export const apiErrorSchema = z.object({ message: z.string() });

/**
 * The error answers every route declares beside its own, so /api/docs shows the `{ message }` of
 * any 4xx and 5xx status as well as the success.
 */
export const errorResponseSchemas = { '4xx': apiErrorSchema, '5xx': apiErrorSchema } as const;

export const ENGINE_TIERS = ['neural', 'classic', 'api', 'none'] as const;
export type EngineTier = (typeof ENGINE_TIERS)[number];

export const engineStatusSchema = z.object({
  /** The engine's name as a visitor may read it, such as 'festival' or 'whisper base'. */
  engine: z.string(),
  tier: z.enum(ENGINE_TIERS),
  ready: z.boolean(),
  /** Why it is not ready and how to enable it, when it is not. */
  detail: z.string().optional(),
  /**
   * Speech to text on an engine of this server only: the seconds of work one second of audio
   * takes here, measured from the transcriptions that finished (before the first, the guess for
   * this machine). The page multiplies it by a recording's length to say how long to wait, so the
   * estimate follows this server's measured speed (issue 22). Unset for a remote service.
   */
  secondsPerAudioSecond: z.number().nonnegative().optional(),
  /**
   * A text engine of this server only: the story languages its model writes poorly, as measured on
   * this model (issue 21). The story page says so before the visitor generates. Unset for a remote
   * service, whose languages this server cannot know.
   */
  weakLanguages: z.array(z.enum(STORY_LANGUAGES)).optional(),
  /**
   * With AI workers on a shared queue (AI_WORKERS=remote): the worker processes that serve the
   * capability, the engines they run and the jobs they are running now.
   */
  workers: z
    .object({
      count: z.number().int().nonnegative(),
      engines: z.array(z.string()),
      jobsRunning: z.number().int().nonnegative(),
    })
    .optional(),
});
export type EngineStatus = z.infer<typeof engineStatusSchema>;

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  engines: z.record(z.enum(CAPABILITIES), engineStatusSchema),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/**
 * The site's operator-set details. A contact way the operator has not set is left out, and the
 * page then shows nothing for it: a made-up address must never reach a visitor.
 */
export const siteDetailsResponseSchema = z.object({
  contact: z.object({
    email: z.string().optional(),
    whatsApp: z.string().optional(),
    phone: z.string().optional(),
  }),
});
export type SiteDetailsResponse = z.infer<typeof siteDetailsResponseSchema>;
export type ContactDetailsValue = SiteDetailsResponse['contact'];
