import { render, screen } from '@testing-library/react';
import { MarkdownView } from './markdown-view.tsx';

describe('MarkdownView', () => {
  // First in the file: react-markdown loads on first use, so only the first render shows the
  // fallback that stands in for it.
  it('before the renderer has loaded, shows the text plain, without markers', async () => {
    const { container } = render(<MarkdownView text={'# Title\n\n**Bold** and *soft*'} />);
    expect(container.querySelector('.markdown-view__plain')?.textContent).toBe(
      'Title\n\nBold and soft',
    );
    // Then the renderer takes over.
    expect(await screen.findByRole('heading', { level: 3, name: 'Title' })).toBeInTheDocument();
  });

  it('renders markdown headings (below the panel heading) and lists', async () => {
    render(<MarkdownView text={'# Title\n\n- one\n- two'} />);
    expect(await screen.findByRole('heading', { level: 3, name: 'Title' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('while the text streams, a marker not closed yet never shows', async () => {
    const { container } = render(<MarkdownView text={'A **bold wo'} streaming />);
    await screen.findByText('A bold wo');
    expect(container.textContent).not.toContain('*');
  });

  it('shows raw HTML as text and never runs it', async () => {
    const hostile =
      'Intro\n\n<script>window.hacked = true</script>\n\nSee <img src="x" onerror="window.hacked = true"> here';
    const { container } = render(<MarkdownView text={hostile} />);
    await screen.findByText(/Intro/);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<script>window.hacked = true</script>');
    expect(container.textContent).toContain('<img src="x" onerror="window.hacked = true">');
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('drops javascript: links', async () => {
    const { container } = render(<MarkdownView text={'[click](javascript:alert(1))'} />);
    await screen.findByText('click');
    expect(container.querySelector('a')?.getAttribute('href') ?? '').not.toMatch(/javascript/i);
  });

  it('opens links in a new tab, so the result stays on the page', async () => {
    render(<MarkdownView text={'Read [the guide](https://example.com/guide).'} />);
    const link = await screen.findByRole('link', { name: 'the guide' });
    expect(link).toHaveAttribute('href', 'https://example.com/guide');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
