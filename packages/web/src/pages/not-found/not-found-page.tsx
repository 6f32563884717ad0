import { Link } from 'react-router';
import { PageHead } from '../../components/page-head.tsx';
import { ROUTES } from '@ai-tools/contracts';

export function NotFoundPage() {
  return (
    <section className="section not-found" aria-labelledby="not-found-title">
      <PageHead
        title="Page not found | Free AI Tools"
        description="This page does not exist. Go back to the home page or browse our free AI tools."
      />
      <div className="container">
        <span className="not-found__code" aria-hidden="true">
          404
        </span>
        <h1 id="not-found-title">Page not found</h1>
        <p className="muted">
          The page you are looking for does not exist or has moved. Check the address, or carry on
          from one of these pages.
        </p>
        <div className="not-found__actions">
          <Link to={ROUTES.home} className="button button--primary">
            Back to home
          </Link>
          <Link to={ROUTES.aiTools} className="button button--secondary">
            Browse AI tools
          </Link>
        </div>
      </div>
    </section>
  );
}
