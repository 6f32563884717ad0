export * from './tools.ts';
export * from './routes.ts';
export * from './lists.ts';
export * from './limits.ts';
export * from './messages.ts';
export * from './schemas.ts';
export * from './site.ts';
export * from './streaming.ts';
