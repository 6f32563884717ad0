/**
 * Registers every route: the routes every tool shares, then each tool's, found by its descriptor
 * (contracts TOOL_DESCRIPTORS) in features/<folder>/route.ts, whose default export registers them
 * (ADR 054). Each route declares its contracts schemas (validated by the zod type provider,
 * described at /api/docs) and makes one call into a service.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { TOOL_DESCRIPTORS } from '@ai-tools/contracts';
import { registerApiDocs } from './api-docs.ts';
import { healthRoutes } from './health.ts';
import { siteRoutes } from './site.ts';

interface ToolRoutesModule {
  default?: FastifyPluginAsync;
}

export async function registerRoutes(app: FastifyInstance) {
  await registerApiDocs(app);
  await app.register(healthRoutes);
  await app.register(siteRoutes);
  for (const tool of TOOL_DESCRIPTORS) {
    const routes = ((await import(`../features/${tool.folder}/route.ts`)) as ToolRoutesModule)
      .default;
    if (!routes) throw new Error(`features/${tool.folder}/route.ts has no default export`);
    await app.register(routes);
  }
}
