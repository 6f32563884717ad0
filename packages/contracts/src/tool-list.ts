/**
 * Every tool, in the order of its card (ADR 054). The server's routes, rate limits and settings, the
 * website's routes, tool cards and error lines and the lint boundaries are built from this list: a
 * new tool is its own folders plus one line here.
 */
import { TEXT_TO_SPEECH_TOOL } from './features/text-to-speech/tool.ts';
import { SPEECH_TO_TEXT_TOOL } from './features/speech-to-text/tool.ts';
import { VIDEO_SCRIPT_TOOL } from './features/video-script/tool.ts';
import { BLOG_TOOL } from './features/blog/tool.ts';
import { STORY_TOOL } from './features/story/tool.ts';
import { CONTACT_TOOL } from './features/contact/tool.ts';
import { PRODUCT_DESCRIPTION_TOOL } from './features/product-description/tool.ts';

export const TOOL_DESCRIPTORS = [
  TEXT_TO_SPEECH_TOOL,
  SPEECH_TO_TEXT_TOOL,
  VIDEO_SCRIPT_TOOL,
  BLOG_TOOL,
  STORY_TOOL,
  PRODUCT_DESCRIPTION_TOOL,
  CONTACT_TOOL,
] as const;

export type AnyToolDescriptor = (typeof TOOL_DESCRIPTORS)[number];
export type ToolFolder = AnyToolDescriptor['folder'];
/** A setting that changes one tool's rate limit, such as RATE_LIMIT_BLOG. */
export type RateLimitSetting = AnyToolDescriptor['rateLimit']['setting'];
