import { CONTACT_TOOL } from '@ai-tools/contracts';
import { PageHead } from '../../components/page-head.tsx';
import { ContactSection } from './contact-section.tsx';

export function ContactPage() {
  return (
    <>
      <PageHead {...CONTACT_TOOL.page} />
      <ContactSection headingLevel={1} />
    </>
  );
}

/** The page app/routes.tsx shows at the tool descriptor's path (ADR 054). */
export default ContactPage;
