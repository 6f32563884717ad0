export * from './tools.ts';
export * from './routes.ts';
export * from './lists.ts';
export * from './limits.ts';
export * from './messages.ts';
export * from './schemas.ts';
export * from './site.ts';
export * from './streaming.ts';
export * from './voice-over.ts';
// One folder per tool: its plain facts (lists, limits) and its zod schemas.
export * from './features/blog/facts.ts';
export * from './features/blog/schemas.ts';
export * from './features/story/facts.ts';
export * from './features/story/schemas.ts';
export * from './features/video-script/facts.ts';
export * from './features/video-script/schemas.ts';
