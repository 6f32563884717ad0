import { Link } from 'react-router';
import { PageHead } from '../../components/page-head.tsx';
import { FeatureCards } from '../../components/feature-cards.tsx';
import { SectionHeading } from '../../components/section-heading.tsx';
import { EngineList } from './engine-list.tsx';
import { ROUTES } from '@ai-tools/contracts';

const VALUES = [
  {
    title: 'Free for everyone',
    text: 'Every tool is free, with no subscription and no sign-up. Open a tool and start.',
  },
  {
    title: 'No AI knowledge needed',
    text: 'Pick a few options or type a topic. The tools handle the prompts and the models.',
  },
  {
    title: 'Your content stays yours',
    text: 'Text and audio are processed to make your result, then deleted. Nothing is kept.',
  },
] as const;

/** The About page (docs/product.md section 2): a title, the mission paragraph and meta tags. */
export function AboutPage() {
  return (
    <>
      <PageHead
        title="About Us | Free AI Tools to Simplify Your Work Online"
        description="Our mission is to simplify your work online with free AI tools for text to speech, subtitles, video scripts, blogs and stories."
      />
      <section className="page-header" aria-labelledby="about-title">
        <div className="container">
          <h1 id="about-title">About Us</h1>
          <p>
            Our mission is to simplify your work online with AI tools. Writers, creators, teachers
            and small businesses spend hours on tasks that AI can now do in seconds: turning text
            into speech, audio into subtitles, and ideas into video scripts, blog posts and stories.
            We build these tools, make them free and keep them simple, so anyone can use them
            without sign-ups, subscriptions or AI know-how.
          </p>
        </div>
      </section>
      <section className="section" aria-labelledby="about-values">
        <div className="container">
          <SectionHeading
            id="about-values"
            title="What we stand for"
            subtitle="Three promises behind every tool on this site."
          />
          <FeatureCards cards={VALUES} className="card-grid tool-grid" />
          <p className="about-cta">
            <Link to={ROUTES.aiTools} className="button button--primary">
              Explore the AI tools
            </Link>
          </p>
        </div>
      </section>
      <section className="section" aria-labelledby="about-engines">
        <div className="container">
          <SectionHeading
            id="about-engines"
            title="The AI behind the tools"
            subtitle="The engines that do the work, by name. Unless the site’s operator chooses an outside AI service, they run on this website’s own server."
          />
          <EngineList />
        </div>
      </section>
    </>
  );
}
