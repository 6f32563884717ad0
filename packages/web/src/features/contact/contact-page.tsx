import { PageHead } from '../../components/page-head.tsx';
import { ContactSection } from './contact-section.tsx';

export function ContactPage() {
  return (
    <>
      <PageHead
        title="Contact Us | Free AI Tools"
        description="Get in touch with the team behind our free AI tools: e-mail, WhatsApp, phone or the contact form."
      />
      <ContactSection headingLevel={1} />
    </>
  );
}
