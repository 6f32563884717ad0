import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { ROUTES, TOOL_DESCRIPTORS } from '@ai-tools/contracts';
import { Layout } from './layout.tsx';
import { HomePage } from '../pages/home/home-page.tsx';

/**
 * Every screen of docs/product.md section 2. The home page is in the main bundle; every other
 * screen is a chunk of its own, loaded when the visitor goes there. Each tool's page is
 * features/<folder>/<folder>-page.tsx's default export, at its descriptor's path (ADR 054).
 */
const TOOL_PAGES = import.meta.glob<{ default: ComponentType }>('../features/*/*-page.tsx');

function toolPageRoute(tool: (typeof TOOL_DESCRIPTORS)[number]): RouteObject {
  const load = TOOL_PAGES[`../features/${tool.folder}/${tool.folder}-page.tsx`];
  if (!load) throw new Error(`features/${tool.folder}/${tool.folder}-page.tsx is missing`);
  return { path: tool.page.path, lazy: async () => ({ Component: (await load()).default }) };
}

function PageLoading() {
  return (
    <p role="status" className="page-loading">
      Loading…
    </p>
  );
}

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Layout,
    // A deep link waits for its screen's chunk before the first render; show that it is coming.
    HydrateFallback: PageLoading,
    children: [
      { index: true, Component: HomePage },
      { path: ROUTES.homeAlias, Component: HomePage },
      {
        path: ROUTES.aiTools,
        lazy: async () => ({
          Component: (await import('../pages/ai-tools/ai-tools-page.tsx')).AiToolsPage,
        }),
      },
      ...TOOL_DESCRIPTORS.map(toolPageRoute),
      {
        path: ROUTES.about,
        lazy: async () => ({
          Component: (await import('../pages/about/about-page.tsx')).AboutPage,
        }),
      },
      {
        path: ROUTES.faqs,
        lazy: async () => ({ Component: (await import('../pages/faq/faq-page.tsx')).FaqPage }),
      },
      {
        path: ROUTES.privacyPolicy,
        lazy: async () => ({
          Component: (await import('../pages/privacy-policy/privacy-policy-page.tsx'))
            .PrivacyPolicyPage,
        }),
      },
      {
        path: '*',
        lazy: async () => ({
          Component: (await import('../pages/not-found/not-found-page.tsx')).NotFoundPage,
        }),
      },
    ],
  },
];
