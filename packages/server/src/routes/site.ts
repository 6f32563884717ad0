import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  errorResponseSchemas,
  siteDetailsResponseSchema,
  type SiteDetailsResponse,
} from '@ai-tools/contracts';
import { configuredContactDetails } from '../features/contact/contact-details.ts';

/**
 * The operator's own details for the website (README: Contact messages): read from the server's
 * configuration, so a real address needs a restart and never a code change or a new build.
 */
export async function siteRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      API_PATHS.site,
      { schema: { response: { 200: siteDetailsResponseSchema, ...errorResponseSchemas } } },
      async (): Promise<SiteDetailsResponse> => ({
        contact: configuredContactDetails(app.config),
      }),
    );
}
