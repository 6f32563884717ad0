/**
 * The tool cards of docs/product.md section 2 (AI Tools listing) and section 3 (Tool card), built
 * from the tools' descriptors (tool-list.ts). Every card has its own id (the Blog and Story cards
 * must not share one). Kept away from zod, so the home page's bundle does not pull in the schemas.
 */
import { TOOL_DESCRIPTORS, type AnyToolDescriptor } from './tool-list.ts';
import type { Capability } from './tool-descriptor.ts';

type CardToolDescriptor = Extract<AnyToolDescriptor, { card: object }>;

function hasCard(tool: AnyToolDescriptor): tool is CardToolDescriptor {
  return 'card' in tool;
}

export const TOOLS = TOOL_DESCRIPTORS.filter(hasCard).map((tool) => ({
  ...tool.card,
  name: tool.name,
}));

export type Tool = (typeof TOOLS)[number];
export type ToolLink = CardToolDescriptor['card']['link'];

/** The tool of a card's link. */
export function toolOfLink(link: ToolLink): CardToolDescriptor {
  const tool = TOOL_DESCRIPTORS.filter(hasCard).find((candidate) => candidate.card.link === link);
  if (!tool) throw new Error(`No tool has the link ${link}`);
  return tool;
}

/**
 * Which engine each tool needs, so a page can show its engine before the visitor starts.
 */
export const TOOL_CAPABILITY = Object.fromEntries(
  TOOL_DESCRIPTORS.filter(hasCard).map((tool) => [tool.card.link, tool.queue.capability]),
) as {
  [Tool in CardToolDescriptor as Tool['card']['link']]: Tool['queue']['capability'];
} satisfies Record<ToolLink, Capability>;

/**
 * What a visitor's running request is, by the tool that asked, for SERVER_MESSAGES.visitorHasJob:
 * the writers share one text engine, so the refusal must say which of them is busy.
 */
export const BUSY_TOOL_TEXTS = Object.fromEntries(
  TOOL_DESCRIPTORS.filter(hasCard).map((tool) => [tool.card.link, tool.queue.busyText]),
) as { [Tool in CardToolDescriptor as Tool['card']['link']]: Tool['queue']['busyText'] };
