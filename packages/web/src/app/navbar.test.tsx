import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ROUTES, TIMINGS } from '@ai-tools/contracts';
import { makeStore } from './store.ts';
import { Navbar } from './navbar.tsx';

function renderNavbarAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <Navbar /> }], {
    initialEntries: [path],
  });
  render(
    <Provider store={makeStore()}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    fireEvent.scroll(window);
  });
}

afterEach(() => scrollTo(0));

describe('navbar (docs/product.md section 2)', () => {
  it('has the brand, the five links and Try it Free', () => {
    renderNavbarAt(ROUTES.about);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'AI Tools', 'About Us', 'FAQ', 'Contact']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Try it Free' })).toHaveAttribute(
      'href',
      ROUTES.aiTools,
    );
    expect(screen.getByRole('link', { name: 'AI Content Tools' })).toHaveAttribute('href', '/');
  });

  it('highlights the active link, Home on /home too and AI Tools on a tool page', () => {
    renderNavbarAt(ROUTES.homeAlias);
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveClass('navbar__link--active');
    expect(screen.getByRole('link', { name: 'FAQ' })).not.toHaveAttribute('aria-current');
  });

  it('keeps AI Tools active on a tool page', () => {
    renderNavbarAt(ROUTES.story);
    expect(screen.getByRole('link', { name: 'AI Tools' })).toHaveAttribute('aria-current', 'page');
  });

  it('the menu toggle opens and closes the menu, and navigating closes it', async () => {
    const user = userEvent.setup();
    const router = renderNavbarAt(ROUTES.home);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    const menu = screen.getByRole('navigation', { name: 'Main' });
    expect(toggle).toHaveAttribute('aria-controls', menu.id);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toHaveClass('navbar__menu--open');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    // Keyboard: Enter on the focused toggle opens it, Escape closes it.
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    within(menu).getByRole('link', { name: 'About Us' }).focus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    await user.click(within(menu).getByRole('link', { name: 'FAQ' }));
    expect(router.state.location.pathname).toBe(ROUTES.faqs);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menu).not.toHaveClass('navbar__menu--open');
  });

  it('turns sticky from 50 px of scroll', () => {
    renderNavbarAt(ROUTES.home);
    const header = screen.getByTestId('navbar');
    expect(header).not.toHaveClass('navbar--sticky');
    scrollTo(TIMINGS.stickyNavbarScrollPx - 1);
    expect(header).not.toHaveClass('navbar--sticky');
    scrollTo(TIMINGS.stickyNavbarScrollPx);
    expect(header).toHaveClass('navbar--sticky');
    scrollTo(0);
    expect(header).not.toHaveClass('navbar--sticky');
  });
});
