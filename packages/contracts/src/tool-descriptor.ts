/**
 * What every tool says about itself, in its own contracts folder (features/<tool>/tool.ts), and the
 * one list of them (tool-list.ts) that the server's routes, rate limits and settings, the website's
 * routes, tool cards and error lines and the lint boundaries are built from (ADR 054). Plain values,
 * free of zod, so the website's first load may use them; the tool's request and answer schemas are
 * in schemas.ts beside its descriptor, where the server and the tool's own page import them.
 */

/** The engines' capabilities: what each tool needs an engine for. */
export const CAPABILITIES = ['speech', 'transcription', 'text'] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** The folder of the tool pages (docs/product.md section 2). */
export const AI_TOOLS_PATH = '/AI-tools';

export interface ToolDescriptor {
  /** The tool's folder in packages/contracts, server and web (src/features/<folder>). */
  readonly folder: string;
  /** Its name as a visitor reads it. */
  readonly name: string;
  /** Its page: where it is, and its title and meta description (docs/product.md section 2). */
  readonly page: { readonly path: string; readonly title: string; readonly description: string };
  /** Its card on the home page and on /AI-tools, for the tools that have one. */
  readonly card?: {
    /** 1, 2, 3…: every card has its own. */
    readonly id: number;
    /** The last part of its page's path, `/AI-tools/<link>`. */
    readonly link: string;
    readonly image: string;
    readonly description: string;
  };
  /** Its API calls, by name. */
  readonly apiPaths: Readonly<Record<string, string>>;
  /** Requests per minute per address to `paths`, and the setting that changes it. */
  readonly rateLimit: {
    readonly perMinute: number;
    readonly setting: `RATE_LIMIT_${string}`;
    readonly paths: readonly string[];
  };
  /**
   * The engine whose line its requests wait in, and what a visitor's running request of this tool
   * is called when a second one is refused (SERVER_MESSAGES.visitorHasJob).
   */
  readonly queue?: { readonly capability: Capability; readonly busyText: string };
  /** The limits web and server both honour (gathered in LIMITS). */
  readonly limits: Readonly<Record<string, number>>;
  /** Its own messages (the shared ones are in messages.ts). */
  readonly messages: Readonly<Record<string, unknown>>;
  /** Its bare failure texts, which do not say what to do next: the page adds a hint under them. */
  readonly genericErrors: readonly string[];
}

/** The path of a tool page, `/AI-tools/<link>`. */
export function toolPagePath<Link extends string>(link: Link): `${typeof AI_TOOLS_PATH}/${Link}` {
  return `${AI_TOOLS_PATH}/${link}`;
}
