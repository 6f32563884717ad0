import { lazy, Suspense } from 'react';
import { SectionHeading } from '../../components/section-heading.tsx';
import { ContactDetails } from './contact-details.tsx';

// The form validates with the shared zod schema; loading it on demand keeps zod out of the home
// page's main bundle (150 KB budget).
const ContactForm = lazy(() =>
  import('./contact-form.tsx').then((module) => ({ default: module.ContactForm })),
);

function ContactFormPlaceholder() {
  return (
    <div className="contact-form-placeholder" aria-busy="true">
      <span className="visually-hidden">Loading the contact form…</span>
      <span className="skeleton skeleton--row" />
      <span className="skeleton skeleton--row" />
      <span className="skeleton skeleton--block" />
    </div>
  );
}

/**
 * The 'Get In Touch' section of the home page and the /contact page (docs/product.md section 2).
 */
export function ContactSection({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const DetailsHeading = headingLevel === 1 ? 'h2' : 'h3';
  return (
    <section className="section contact-section" aria-labelledby="get-in-touch">
      <div className="container">
        <SectionHeading
          id="get-in-touch"
          level={headingLevel}
          title="Get In Touch"
          subtitle="Questions, ideas or feedback about our AI tools? Send us a message and we will get back to you."
        />
        <div className="contact-layout">
          <aside className="card contact-layout__details" aria-label="Contact details">
            <DetailsHeading className="card-title">Reach us directly</DetailsHeading>
            <p className="muted">We usually answer within one business day.</p>
            <ContactDetails />
          </aside>
          <div className="card contact-layout__form">
            <Suspense fallback={<ContactFormPlaceholder />}>
              <ContactForm />
            </Suspense>
          </div>
        </div>
      </div>
    </section>
  );
}
