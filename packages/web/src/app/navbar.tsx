import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ROUTES, TIMINGS } from '@ai-tools/contracts';
import { SITE_CONFIG } from '../content/site-config.ts';

const NAV_LINKS = [
  { to: ROUTES.home, label: 'Home' },
  { to: ROUTES.aiTools, label: 'AI Tools' },
  { to: ROUTES.about, label: 'About Us' },
  { to: ROUTES.faqs, label: 'FAQ' },
  { to: ROUTES.contact, label: 'Contact' },
] as const;

/** '/' and '/home' are one page; AI Tools stays highlighted on every tool page. */
function isLinkActive(to: string, pathname: string): boolean {
  if (to === ROUTES.home) return pathname === ROUTES.home || pathname === ROUTES.homeAlias;
  if (to === ROUTES.aiTools) return pathname === to || pathname.startsWith(`${to}/`);
  return pathname === to;
}

const MENU_ID = 'main-menu';

/** True once the page is scrolled far enough for the sticky style (docs/product.md section 2). */
function useIsScrolledPast(thresholdPx: number): boolean {
  const [isPast, setIsPast] = useState(() => window.scrollY >= thresholdPx);
  useEffect(() => {
    const onScroll = () => setIsPast(window.scrollY >= thresholdPx);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [thresholdPx]);
  return isPast;
}

/**
 * The top navbar: brand, five links with the active one highlighted, 'Try it Free', and a menu
 * toggle for narrow screens that closes after navigation.
 */
export function Navbar() {
  const { pathname } = useLocation();
  const isSticky = useIsScrolledPast(TIMINGS.stickyNavbarScrollPx);
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(pathname);

  // Navigating closes the menu (state adjusted during render, as React recommends).
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setIsMenuOpen(false);
  }

  const toggleButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!isMenuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsMenuOpen(false);
      // Focus was maybe on a link of the menu that is about to hide: keep it on the toggle.
      toggleButton.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isMenuOpen]);

  return (
    <header className={`navbar${isSticky ? ' navbar--sticky' : ''}`} data-testid="navbar">
      <div className="container navbar__inner">
        <Link to={ROUTES.home} className="navbar__brand">
          <span className="navbar__brand-mark" aria-hidden="true" />
          {SITE_CONFIG.name}
        </Link>
        <button
          ref={toggleButton}
          type="button"
          className="navbar__toggle"
          aria-expanded={isMenuOpen}
          aria-controls={MENU_ID}
          onClick={() => setIsMenuOpen((open) => !open)}
        >
          <span className="navbar__toggle-bars" aria-hidden="true" />
          <span className="visually-hidden">Menu</span>
        </button>
        <nav
          id={MENU_ID}
          aria-label="Main"
          className={`navbar__menu${isMenuOpen ? ' navbar__menu--open' : ''}`}
        >
          <ul className="navbar__links">
            {NAV_LINKS.map((link) => {
              const isActive = isLinkActive(link.to, pathname);
              return (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className={`navbar__link${isActive ? ' navbar__link--active' : ''}`}
                    aria-current={isActive ? 'page' : undefined}
                  >
                    {link.label}
                  </Link>
                </li>
              );
            })}
          </ul>
          <Link to={ROUTES.aiTools} className="button button--primary button--small navbar__cta">
            Try it Free
          </Link>
        </nav>
      </div>
    </header>
  );
}
