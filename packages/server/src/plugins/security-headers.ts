/**
 * Security headers (helmet) with a Content-Security-Policy that allows exactly what the website
 * needs: its own files; blob: for the generated audio it plays; data: for inline images; the
 * Vimeo player only when a demo video is configured. No inline script: the pre-paint theme script
 * is a same-origin file. No CORS plugin: the API answers its own website only.
 */
import helmet from '@fastify/helmet';
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

export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<Config, 'VITE_DEMO_VIDEO_ID'>,
) {
  const directives = {
    ...CONTENT_SECURITY_POLICY,
    frameSrc: config.VITE_DEMO_VIDEO_ID ? [VIDEO_MODAL.playerOrigin] : [NONE],
  };
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives },
    // The same as frame-ancestors 'none', for browsers that predate it.
    frameguard: { action: 'deny' },
  });
}
