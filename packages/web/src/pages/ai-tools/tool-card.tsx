import { Link } from 'react-router';
import { toolPath, type Tool } from '@ai-tools/contracts';

/** One tool card (docs/product.md section 2): orange-tinted icon, name, description and link. */
export function ToolCard({ tool, headingLevel = 2 }: { tool: Tool; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card tool-card" data-testid="tool-card">
      <span className="icon-tile">
        <img src={tool.image} alt="" width={32} height={32} />
      </span>
      <Heading>
        <Link to={toolPath(tool.link)} className="tool-card__link">
          {tool.name}
        </Link>
      </Heading>
      <p>{tool.description}</p>
      <span className="tool-card__more" aria-hidden="true">
        Try it free →
      </span>
    </article>
  );
}
