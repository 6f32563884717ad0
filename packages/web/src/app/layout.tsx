import '../styles/global.css';
import '../styles/layout.css';
import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useApplyTheme } from '../features/theme/use-apply-theme.ts';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';

const MAIN_ID = 'main';

/** The common layout of docs/product.md section 2: navbar, main content, footer. */
export function Layout() {
  const { pathname } = useLocation();
  const isLoadingPage = useNavigation().state === 'loading';
  useApplyTheme();

  const isFirstPage = useRef(true);
  useEffect(() => {
    // 'instant' overrides the smooth scrolling of global.css: a new page starts at the top at once.
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    if (isFirstPage.current) {
      isFirstPage.current = false;
      return;
    }
    // After a client-side navigation, focus the new page's heading, so a screen reader says
    // where the visitor is and the next Tab starts from the page, not from the link followed.
    const heading = document.querySelector<HTMLElement>(`#${MAIN_ID} h1`);
    const target = heading ?? document.getElementById(MAIN_ID);
    if (heading) heading.tabIndex = -1;
    target?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className="app-shell">
      <a className="skip-link" href={`#${MAIN_ID}`}>
        Skip to content
      </a>
      <Navbar />
      {/* Pages are separate chunks: a thin bar shows one is on its way on a slow connection. */}
      {isLoadingPage ? (
        <div className="route-progress" role="progressbar" aria-label="Loading the page" />
      ) : null}
      <main id={MAIN_ID} className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
