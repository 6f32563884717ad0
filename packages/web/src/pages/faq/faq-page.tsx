import { Link } from 'react-router';
import { PageHead } from '../../components/page-head.tsx';
import { SectionHeading } from '../../components/section-heading.tsx';
import { FAQ_ITEMS } from '../../content/faq.ts';
import { ROUTES } from '@ai-tools/contracts';
import { FaqItem } from './faq-item.tsx';

export function FaqPage() {
  return (
    <section className="section" aria-labelledby="faq-title">
      <PageHead
        title="FAQ | Free AI Tools"
        description="Answers to common questions about our free AI tools: cost, sign-up, new features and what happens to your content."
      />
      <div className="container">
        <SectionHeading
          id="faq-title"
          level={1}
          title="Frequently Asked Questions"
          subtitle="Everything you need to know about our free AI tools."
        />
        <ul className="faq-list" role="list">
          {FAQ_ITEMS.map((item) => (
            <FaqItem key={item.id} item={item} />
          ))}
        </ul>
        <p className="faq-more muted">
          Still have a question? <Link to={ROUTES.contact}>Contact us</Link>.
        </p>
      </div>
    </section>
  );
}
