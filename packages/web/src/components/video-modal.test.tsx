import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { TIMINGS } from '@ai-tools/contracts';
import { Hero } from '../pages/home/hero.tsx';
import { vimeoEmbedUrl } from './video-modal.tsx';

function renderHero(demoVideoId?: string) {
  // The app's own root, as in index.html: the open modal makes it inert.
  const root = document.createElement('div');
  root.id = 'root';
  document.body.append(root);
  render(
    <MemoryRouter>
      <Hero demoVideoId={demoVideoId} />
    </MemoryRouter>,
    { container: root },
  );
}

afterEach(() => document.getElementById('root')?.remove());

async function openModal(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /watch demo/i }));
  return screen.getByRole('dialog', { name: 'Demo video' });
}

function finishAnimation() {
  act(() => {
    vi.advanceTimersByTime(TIMINGS.videoModalAnimationMs);
  });
}

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

describe('video modal (docs/product.md section 4)', () => {
  it('is not offered without a video id', () => {
    renderHero(undefined);
    expect(screen.queryByRole('button', { name: /watch demo/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Started For Free' })).toHaveAttribute(
      'href',
      '/AI-tools',
    );
  });

  it('is closed by default and opens a 16:9 Vimeo player with autoplay and full screen', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderHero('76979871');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const dialog = await openModal(user);
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const player = screen.getByTitle('Demo video');
    expect(player).toHaveAttribute('src', vimeoEmbedUrl('76979871'));
    expect(player.getAttribute('src')).toMatch(
      /^https:\/\/player\.vimeo\.com\/video\/76979871\?.*autoplay=1/,
    );
    expect(player).toHaveAttribute('allowfullscreen');
    expect(player.getAttribute('allow')).toContain('fullscreen');
    expect(screen.getByRole('button', { name: 'Close video' })).toHaveFocus();
    expect(document.getElementById('root')).toHaveAttribute('inert');
    expect(document.getElementById('root')).not.toContainElement(dialog);
  });

  it('closes on Escape after the 300 ms animation and gives focus back', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderHero('76979871');
    await openModal(user);
    await user.keyboard('{Escape}');
    act(() => {
      vi.advanceTimersByTime(TIMINGS.videoModalAnimationMs - 50);
    });
    expect(screen.getByRole('dialog')).not.toHaveClass('video-modal--open');
    finishAnimation();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.getElementById('root')).not.toHaveAttribute('inert');
    expect(screen.getByRole('button', { name: /watch demo/i })).toHaveFocus();
  });

  it('closes on a backdrop click but not on a click inside the dialog', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderHero('76979871');
    const dialog = await openModal(user);
    await user.click(dialog);
    finishAnimation();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByTestId('video-modal-backdrop'));
    finishAnimation();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with the close button', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderHero('76979871');
    await openModal(user);
    await user.click(screen.getByRole('button', { name: 'Close video' }));
    finishAnimation();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
