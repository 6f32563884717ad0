/**
 * Limits and timings that web and server both honour (docs/product.md section 9). A tool's own
 * limits live in its contract module and are gathered here.
 */
import { ADDITIONAL_INFO_MAX_LENGTH } from './writer-facts.ts';
import { TOOL_DESCRIPTORS, type AnyToolDescriptor } from './tool-list.ts';

/** A union of objects as one object with all their keys. */
type Merged<Union> = (Union extends unknown ? (part: Union) => void : never) extends (
  whole: infer Whole,
) => void
  ? Whole
  : never;

const TOOL_LIMITS = Object.assign({}, ...TOOL_DESCRIPTORS.map((tool) => tool.limits)) as Merged<
  AnyToolDescriptor['limits']
>;

export const LIMITS = {
  ...TOOL_LIMITS,
  additionalInfoMaxLength: ADDITIONAL_INFO_MAX_LENGTH,
  /** A JSON request body, in bytes: room for the longest text even when every character is escaped. */
  jsonBodyMaxBytes: 64 * 1024,
} as const;

export const TIMINGS = {
  contactSuccessClearMs: 3000,
  /** The empty-text note, the add-file hint and the copied indicator. */
  noticeMs: 2000,
  faqCollapseMs: 350,
  videoModalAnimationMs: 300,
  stickyNavbarScrollPx: 50,
  /** How often the page asks a long recording's transcription job how far it is. */
  transcriptionJobPollMs: 2000,
} as const;

/**
 * Requests per minute per IP address are counted over this window; each tool's budget is in its
 * descriptor (the privacy text: the IP address is used for rate limiting and abuse detection).
 * Generous for a person, tight for a script.
 */
export const RATE_LIMITS = { windowMs: 60_000 } as const;
