import { useEffect } from 'react';
import { Link } from 'react-router';
import { ContactDetails } from '../features/contact/contact-details.tsx';
import { setAccentColor } from '../features/theme/theme-slice.ts';
import { ThemeToggle } from '../features/theme/theme-toggle.tsx';
import { SITE_CONFIG } from '../content/site-config.ts';
import { useAppDispatch } from './hooks.ts';
import { ROUTES, THEME_DEFAULTS } from '@ai-tools/contracts';

const FOOTER_COLUMNS = [
  {
    title: 'Product',
    links: [
      { to: ROUTES.home, label: 'Home' },
      { to: ROUTES.aiTools, label: 'AI Tools' },
    ],
  },
  {
    title: 'Information',
    links: [
      { to: ROUTES.privacyPolicy, label: 'Privacy & Policy' },
      { to: ROUTES.about, label: 'About us' },
    ],
  },
  {
    title: 'Support',
    links: [
      { to: ROUTES.faqs, label: 'FAQ' },
      { to: ROUTES.contact, label: 'Contact' },
    ],
  },
] as const;

/** The footer of docs/product.md section 2: link columns, 'Reach out to us', the theme toggle. */
export function Footer() {
  const dispatch = useAppDispatch();

  // docs/product.md section 4: the colour stylesheet is set to red when the footer mounts.
  useEffect(() => {
    dispatch(setAccentColor(THEME_DEFAULTS.accentColor));
  }, [dispatch]);

  return (
    <footer className="footer">
      <div className="container footer__grid">
        <div className="footer__about">
          <Link to={ROUTES.home} className="footer__brand">
            <span className="navbar__brand-mark" aria-hidden="true" />
            {SITE_CONFIG.name}
          </Link>
          <p className="muted">
            Free AI tools for text to speech, subtitles, video scripts, blogs and stories. No
            sign-up, no subscription.
          </p>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title} className="footer__column">
            <h2 className="footer__title">{column.title}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div className="footer__column footer__reach">
          <h2 className="footer__title">Reach out to us</h2>
          <ContactDetails />
        </div>
      </div>
      <div className="container footer__bottom">
        <p className="muted">
          © {new Date().getFullYear()} {SITE_CONFIG.name}. All rights reserved.
        </p>
        <ThemeToggle />
      </div>
    </footer>
  );
}
