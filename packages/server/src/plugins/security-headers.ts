/**
 * Security headers (helmet) with a Content-Security-Policy that allows exactly what the website
 * needs: its own files; blob: for the generated audio it plays; data: for inline images; the
 * Vimeo player only when a demo video is configured. No inline script: the pre-paint theme script
 * is a same-origin file. No CORS plugin: the API answers its own website only.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import helmetMiddleware from 'helmet';
import type { FastifyInstance } from 'fastify';
import { VIDEO_MODAL } from '@ai-tools/contracts';
import type { Config } from '../config.ts';

const SELF = "'self'";
const NONE = "'none'";

const CONTENT_SECURITY_POLICY = {
  defaultSrc: [SELF],
  scriptSrc: [SELF],
  scriptSrcAttr: [NONE],
  styleSrc: [SELF],
  imgSrc: [SELF, 'data:'],
  mediaSrc: [SELF, 'blob:'],
  fontSrc: [SELF],
  connectSrc: [SELF],
  objectSrc: [NONE],
  baseUri: [SELF],
  formAction: [SELF],
  frameAncestors: [NONE],
};

function helmetOptions(config: Pick<Config, 'VITE_DEMO_VIDEO_ID'>) {
  const directives = {
    ...CONTENT_SECURITY_POLICY,
    frameSrc: config.VITE_DEMO_VIDEO_ID ? [VIDEO_MODAL.playerOrigin] : [NONE],
  };
  return {
    contentSecurityPolicy: { useDefaults: false, directives },
    // The same as frame-ancestors 'none', for browsers that predate it.
    frameguard: { action: 'deny' as const },
  };
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<Config, 'VITE_DEMO_VIDEO_ID'>,
) {
  await app.register(helmet, helmetOptions(config));
}

/**
 * The same headers as a plain list, for the answers Fastify makes before any hook runs (a URL it
 * cannot decode, a request the HTTP parser refuses): helmet's headers do not depend on the request.
 */
export function securityHeaders(
  config: Pick<Config, 'VITE_DEMO_VIDEO_ID'>,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmetMiddleware(helmetOptions(config))(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    () => {},
  );
  return headers;
}
