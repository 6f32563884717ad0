/**
 * Builds the Fastify app without listening, so tests can drive it in memory with app.inject.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import { LIMITS, SERVER_MESSAGES } from '@ai-tools/contracts';
import type { Config } from './config.ts';
import { closeProviders, createProviders } from './providers/index.ts';
import type { Providers } from './providers/types.ts';
import { registerMultipart } from './features/speech-to-text/audio-upload.ts';
import { TranscriptionJobs } from './features/speech-to-text/transcription-jobs.ts';
import { registerContactMailer } from './features/contact/contact-mail.ts';
import { registerBodyTypes } from './plugins/body-types.ts';
import { registerDatabase } from './plugins/database.ts';
import {
  CONNECTION_CHECK_INTERVAL_MS,
  registerConnectionLimits,
  uploadCeilingMs,
} from './plugins/connection-limits.ts';
import {
  clientErrorHandler,
  errorHandler,
  followRequests,
  frameworkErrorHandler,
} from './plugins/error-handler.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerRequestLog } from './plugins/request-log.ts';
import { registerRequestTimeout } from './plugins/request-timeout.ts';
import { registerDrainTimeout } from './plugins/drain-timeout.ts';
import { registerSecurityHeaders, securityHeaders } from './plugins/security-headers.ts';
import { registerRoutes } from './routes/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    providers: Providers;
    /** Long recordings' transcriptions, which outlive the requests that start them. */
    transcriptionJobs: TranscriptionJobs;
  }
}

export interface AppOptions {
  config: Config;
  /** Engines to use instead of those the configuration chooses (tests pass their own). */
  providers?: Providers;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const headers = securityHeaders(config);
  const app = Fastify({
    logger: options.logger ?? false,
    // The request log of plugins/request-log.ts replaces Fastify's, which would log addresses.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: LIMITS.jsonBodyMaxBytes,
    // Receiving one whole request: only a body without end meets this ceiling. The upload is held
    // to a rate and every other body to BODY_TIMEOUT_MS (plugins/connection-limits.ts).
    requestTimeout: uploadCeilingMs(config),
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    http: {
      // Here too: Node checks the headers' deadline against it when it makes the server.
      requestTimeout: uploadCeilingMs(config),
      headersTimeout: Math.min(config.HEADERS_TIMEOUT_MS, uploadCeilingMs(config)),
      connectionsCheckingInterval: CONNECTION_CHECK_INTERVAL_MS,
    },
    trustProxy: trustProxySetting(config.TRUST_PROXY),
    frameworkErrors: frameworkErrorHandler(headers),
    clientErrorHandler: clientErrorHandler(headers),
  });
  followRequests(app.server);
  registerConnectionLimits(app, config);
  // The API's calls take JSON (and the upload multipart): Fastify's default text/plain reader would
  // turn a text body into a 400 instead of the 415 it is.
  app.removeContentTypeParser('text/plain');

  app.decorate('config', config);
  app.decorate(
    'providers',
    options.providers ??
      (await createProviders(config, {
        onLoadError: (error, detail) => app.log.warn({ err: error }, detail),
      })),
  );
  app.addHook('onClose', async () => closeProviders(app.providers));
  app.decorate(
    'transcriptionJobs',
    new TranscriptionJobs({
      transcriber: app.providers.transcription,
      temporaryRoot: config.TEMP_DIR,
      uploadMaxBytes: config.LONG_UPLOAD_MAX_BYTES,
      audioMaxSeconds: config.LONG_AUDIO_MAX_SECONDS,
      resultSeconds: config.TRANSCRIPTION_RESULT_SECONDS,
      maxWaiting: config.TRANSCRIPTION_QUEUE_MAX_WAITING,
      onUnexpectedError: (error) => app.log.error({ err: error }, 'a transcription job failed'),
    }),
  );
  // Before the engines close: a job at work stops, and its upload's folder is removed.
  app.addHook('preClose', async () => app.transcriptionJobs.close());

  app.setErrorHandler(errorHandler);
  registerRequestTimeout(app, config.REQUEST_TIMEOUT_MS);
  registerDrainTimeout(app, config.STREAM_DRAIN_TIMEOUT_MS);
  registerRequestLog(app);
  await registerSecurityHeaders(app, config);
  await registerRateLimit(app, config);
  await registerMultipart(app);
  registerBodyTypes(app);
  await registerDatabase(app, config);
  registerContactMailer(app, config);

  await registerRoutes(app);

  await registerWebsite(app, config.WEB_DIST_DIR);
  return app;
}

function trustProxySetting(value: string | undefined): boolean | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return value.split(',').map((address) => address.trim());
}

/** Serves the built website; every non-API path gets the app so client-side routing works. */
async function registerWebsite(app: FastifyInstance, webDistDir: string) {
  const indexFile = join(webDistDir, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, { root: webDistDir, wildcard: false, index: false });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api' || path.startsWith('/api/')) {
      // A known call with the wrong method says which one to use, rather than that it does not exist.
      const allowed = (['GET', 'POST'] as const).filter((method) =>
        app.hasRoute({ method, url: path }),
      );
      if (allowed.length > 0) {
        return reply
          .code(405)
          .header('allow', allowed.join(', '))
          .send({ message: SERVER_MESSAGES.methodNotAllowed(allowed) });
      }
      return reply.code(404).send({ message: SERVER_MESSAGES.notFound });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(404).send({ message: SERVER_MESSAGES.pageNotFound });
    }
    if (!built) {
      return reply
        .code(503)
        .type('text/plain')
        .send('The website is not built yet. Run `npm start` (or `npm run build`) and reload.');
    }
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
  });
}
