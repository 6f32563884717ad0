import { Link } from 'react-router';
import { ROUTES, TOOLS } from '@ai-tools/contracts';
import { PageHead } from '../../components/page-head.tsx';
import { FeatureCards } from '../../components/feature-cards.tsx';
import { SectionHeading } from '../../components/section-heading.tsx';
import { SITE_CONFIG } from '../../content/site-config.ts';
import { ContactSection } from '../../features/contact/contact-section.tsx';
import { ToolCard } from '../ai-tools/tool-card.tsx';
import { Hero } from './hero.tsx';

const STEPS = [
  {
    title: 'Choose a tool',
    text: 'Pick from text to speech, speech to text, video scripts, blogs and stories.',
  },
  {
    title: 'Add your input',
    text: 'Type a topic or text, choose a few options, or upload an audio file.',
  },
  {
    title: 'Get your result',
    text: 'Play, copy or download what the AI made for you, in seconds.',
  },
] as const;

/** The home page (docs/product.md section 2): landing sections ending with 'Get In Touch'. */
export function HomePage() {
  return (
    <>
      <PageHead
        title="Free AI Tools: Text to Speech, Subtitles, Scripts, Blogs and Stories"
        description="Make your content amazing and simple with free AI tools: text to speech, speech to text subtitles, video scripts, SEO blogs and stories. No sign-up."
      />
      <Hero demoVideoId={SITE_CONFIG.demoVideoId} />

      <section className="section" aria-labelledby="how-it-works">
        <div className="container">
          <SectionHeading
            id="how-it-works"
            title="How it works"
            subtitle="Three steps from idea to finished content. No AI knowledge needed."
          />
          <FeatureCards cards={STEPS} ordered className="steps-grid tool-grid" />
        </div>
      </section>

      <section className="section section--surface" aria-labelledby="popular-tools">
        <div className="container">
          <SectionHeading
            id="popular-tools"
            title="Our AI tools"
            subtitle="Five free tools for writing and audio. New free features keep arriving."
          />
          <ul className="card-grid tool-grid" role="list">
            {TOOLS.map((tool) => (
              <li key={tool.id}>
                <ToolCard tool={tool} headingLevel={3} />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="get-started" aria-labelledby="get-started-title">
        <div className="container">
          <div className="get-started__panel">
            <div>
              <h2 id="get-started-title">Let&apos;s Get Started</h2>
              <p>
                Try our free AI tools today: change how your words sound with a choice of AI voices,
                turn any text into natural speech, and let the video script generator write your
                next YouTube, Instagram, Facebook or Snapchat video for you.
              </p>
            </div>
            <Link to={ROUTES.aiTools} className="button button--light">
              Explore AI Tools
            </Link>
          </div>
        </div>
      </section>

      <ContactSection />
    </>
  );
}
