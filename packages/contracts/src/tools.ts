/**
 * The five tool cards of docs/product.md section 2 (AI Tools listing) and section 3 (Tool card).
 * Every card has its own id, 1 to 5 (the Blog and Story cards must not share one).
 * The `stroy-speech` slug keeps its misspelling because it is a public route (ADR 003).
 */
export const TOOLS = [
  {
    id: 1,
    link: 'text-to-speech',
    name: 'Text to Speech',
    image: '/icons/text-to-speech.svg',
    description:
      'Turn any text into natural speech. Pick a voice, a speed and a format, then play or download the audio.',
  },
  {
    id: 2,
    link: 'speech-to-text',
    name: 'Speech to Text',
    image: '/icons/speech-to-text.svg',
    description:
      'Upload an audio file and get its transcript as subtitles you can read, copy and download.',
  },
  {
    id: 3,
    link: 'video-script',
    name: 'Video Script Generator',
    image: '/icons/video-script.svg',
    description:
      'Scripts for YouTube, Instagram, Facebook and Snapchat videos, timed to the length you choose.',
  },
  {
    id: 4,
    link: 'blog-text',
    name: 'Blog Generator',
    image: '/icons/blog-text.svg',
    description:
      'SEO-friendly blog posts with headings, bullet points and a meta description, from a single topic.',
  },
  {
    id: 5,
    link: 'stroy-speech',
    name: 'Story Generator',
    image: '/icons/stroy-speech.svg',
    description:
      'Original stories in 27 languages: choose the type, audience, tone, theme and length, or bring your own idea.',
  },
] as const;

export type Tool = (typeof TOOLS)[number];
export type ToolLink = Tool['link'];

/**
 * The engines' capabilities, and which one each tool needs, so a page can show its engine before
 * the visitor starts. Kept here, beside the tools and away from zod, so the tool pages' bundles do
 * not pull in the schemas.
 */
export const CAPABILITIES = ['speech', 'transcription', 'text'] as const;
export type Capability = (typeof CAPABILITIES)[number];

export const TOOL_CAPABILITY = {
  'text-to-speech': 'speech',
  'speech-to-text': 'transcription',
  'video-script': 'text',
  'blog-text': 'text',
  'stroy-speech': 'text',
} as const satisfies Record<ToolLink, Capability>;
