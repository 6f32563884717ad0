import '../styles/global.css';
import '../styles/layout.css';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useApplyTheme } from '../features/theme/use-apply-theme.ts';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';

const MAIN_ID = 'main';

/** The common layout of SPEC section 2: navbar, main content, footer. */
export function Layout() {
  const { pathname } = useLocation();
  const isLoadingPage = useNavigation().state === 'loading';
  useApplyTheme();

  useEffect(() => {
    // 'instant' overrides the smooth scrolling of global.css: a new page starts at the top at once.
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
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
