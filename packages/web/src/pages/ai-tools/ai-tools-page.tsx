import { TOOLS } from '@ai-tools/contracts';
import { PageHead } from '../../components/page-head.tsx';
import { SectionHeading } from '../../components/section-heading.tsx';
import { ToolCard } from './tool-card.tsx';

/** The AI Tools listing (docs/product.md section 2): every tool's card, 3 columns (2 on small). */
export function AiToolsPage() {
  return (
    <section className="section" aria-labelledby="ai-tools-title">
      <PageHead
        title="AI Tools | Free Text to Speech, Subtitles, Scripts, Blogs and Stories"
        description="Five free AI tools: text to speech, speech to text subtitles, video scripts, SEO blog posts and stories. No sign-up, no subscription."
      />
      <div className="container">
        <SectionHeading
          id="ai-tools-title"
          level={1}
          title="AI Tools"
          subtitle="Pick a tool and start creating. Every tool is free, needs no sign-up and no AI know-how."
        />
        <ul className="card-grid tool-grid" role="list">
          {TOOLS.map((tool) => (
            <li key={tool.id}>
              <ToolCard tool={tool} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
