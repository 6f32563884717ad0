import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { makeStore } from './store.ts';
import { Layout } from './layout.tsx';

function SlowPage() {
  return <h1>Slow page</h1>;
}

describe('layout', () => {
  it('shows a loading bar while the next page chunk loads, then scrolls to the top and focuses the new heading', async () => {
    let finishLoading!: () => void;
    const pageLoaded = new Promise<void>((resolve) => (finishLoading = resolve));
    const router = createMemoryRouter(
      [
        {
          path: '/',
          Component: Layout,
          children: [
            { index: true, element: <h1>Start</h1> },
            {
              path: 'slow',
              lazy: async () => {
                await pageLoaded;
                return { Component: SlowPage };
              },
            },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    const scrollTo = vi.spyOn(window, 'scrollTo');
    render(
      <Provider store={makeStore()}>
        <RouterProvider router={router} />
      </Provider>,
    );
    expect(await screen.findByRole('heading', { name: 'Start' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Start' })).not.toHaveFocus();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    scrollTo.mockClear();

    act(() => {
      void router.navigate('/slow');
    });
    expect(
      await screen.findByRole('progressbar', { name: 'Loading the page' }),
    ).toBeInTheDocument();
    expect(scrollTo).not.toHaveBeenCalled();

    await act(async () => finishLoading());
    expect(await screen.findByRole('heading', { name: 'Slow page' })).toBeInTheDocument();
    // A screen reader hears the new page: its heading takes the focus.
    expect(screen.getByRole('heading', { name: 'Slow page' })).toHaveFocus();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' });
    scrollTo.mockRestore();
  });
});
