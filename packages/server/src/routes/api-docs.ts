/**
 * The zod type provider for every route: a route's `schema` names its contracts schemas, which
 * validate the request (a 400 with the first problem's message) and describe the API. The OpenAPI
 * description at /api/docs is generated from those schemas, never written by hand.
 */
import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { API_PATHS } from '@ai-tools/contracts';

export async function registerApiDocs(app: FastifyInstance) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'AI content tools API',
        description:
          'Free AI content tools: text to speech, speech to text, a video script, blog and story writer, and the contact form. Every error answers JSON { "message": "..." } with a 4xx or 5xx status.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  app.get(API_PATHS.docs, { schema: { hide: true } }, () => app.swagger());
}
