import type { RouteObject } from 'react-router';
import { ROUTES } from '@ai-tools/contracts';
import { Layout } from './layout.tsx';
import { HomePage } from '../pages/home/home-page.tsx';

/**
 * Every screen of docs/product.md section 2. The home page is in the main bundle; every other
 * screen is a chunk of its own, loaded when the visitor goes there.
 */
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
      {
        path: ROUTES.textToSpeech,
        lazy: async () => ({
          Component: (await import('../features/text-to-speech/text-to-speech-page.tsx'))
            .TextToSpeechPage,
        }),
      },
      {
        path: ROUTES.speechToText,
        lazy: async () => ({
          Component: (await import('../features/speech-to-text/speech-to-text-page.tsx'))
            .SpeechToTextPage,
        }),
      },
      {
        path: ROUTES.videoScript,
        lazy: async () => ({
          Component: (await import('../features/video-script/video-script-page.tsx'))
            .VideoScriptPage,
        }),
      },
      {
        path: ROUTES.blog,
        lazy: async () => ({
          Component: (await import('../features/blog/blog-page.tsx')).BlogPage,
        }),
      },
      {
        path: ROUTES.story,
        lazy: async () => ({
          Component: (await import('../features/story/story-page.tsx')).StoryPage,
        }),
      },
      {
        path: ROUTES.about,
        lazy: async () => ({
          Component: (await import('../pages/about/about-page.tsx')).AboutPage,
        }),
      },
      {
        path: ROUTES.contact,
        lazy: async () => ({
          Component: (await import('../features/contact/contact-page.tsx')).ContactPage,
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
