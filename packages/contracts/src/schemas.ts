/**
 * The answers every call shares: an error's message and the engines' health. Each tool's own
 * request and answer schemas are in features/<tool>/schemas.ts.
 */
import { z } from 'zod';
import { CAPABILITIES } from './tools.ts';

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
