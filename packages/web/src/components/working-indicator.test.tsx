import { act, render, screen } from '@testing-library/react';
import { WorkingIndicator } from './working-indicator.tsx';

afterEach(() => {
  vi.useRealTimers();
});

function region(): HTMLElement {
  return screen.getByRole('status');
}

/** What a screen reader reads of an element: its text without the aria-hidden parts. */
function spokenText(element: HTMLElement): string {
  const copy = element.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
  return copy.textContent ?? '';
}

describe('WorkingIndicator', () => {
  it('counts the seconds against the estimate, then says when it takes longer', () => {
    vi.useFakeTimers();
    render(<WorkingIndicator running label="Writing your story" estimateSeconds={3} />);
    expect(region()).toHaveTextContent('Writing your story…');
    expect(region()).toHaveTextContent('0 s so far · usually about 3 s');

    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(region()).toHaveTextContent('2 s so far · usually about 3 s');

    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(region()).toHaveTextContent('4 s so far · taking longer than usual, still working');
    expect(region()).not.toHaveTextContent('usually about');
  });

  it('a screen reader hears the label and the estimate, never the ticking seconds', () => {
    vi.useFakeTimers();
    render(<WorkingIndicator running label="Generating your audio" estimateSeconds={8} />);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    const spoken = spokenText(region());
    expect(spoken).toContain('Generating your audio…');
    expect(spoken).toContain('usually about 8 s');
    expect(spoken).not.toMatch(/so far/);
  });

  it('while the request waits in line, says only its place: no clock, no estimate, no bar', () => {
    vi.useFakeTimers();
    const { container } = render(
      <WorkingIndicator
        running
        label="Writing your script"
        estimateSeconds={6}
        queue={{ ahead: 1, estimatedWaitSeconds: 120 }}
      />,
    );
    expect(region()).toHaveTextContent(/^Waiting in line: 1 ahead, about 2 min$/);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(region()).toHaveTextContent(/^Waiting in line: 1 ahead, about 2 min$/);
    expect(region()).not.toHaveTextContent(/usually|so far|longer than usual/);
    expect(container.querySelector('.working__bar')).toBeNull();
  });

  it('counts from when the work starts, not from the press: a long wait is not "longer than usual"', () => {
    vi.useFakeTimers();
    const props = { running: true, label: 'Writing your script', estimateSeconds: 6 };
    const { rerender } = render(
      <WorkingIndicator {...props} queue={{ ahead: 1, estimatedWaitSeconds: 30 }} />,
    );
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    rerender(<WorkingIndicator {...props} queue={null} />);
    expect(region()).toHaveTextContent('Writing your script…');
    expect(region()).toHaveTextContent('0 s so far · usually about 6 s');
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(region()).toHaveTextContent('5 s so far · usually about 6 s');
  });

  it('stays in the page and announces the result once the work ends', () => {
    const { rerender } = render(
      <WorkingIndicator running label="Writing your blog post" estimateSeconds={5} />,
    );
    const live = region();
    rerender(
      <WorkingIndicator
        running={false}
        label="Writing your blog post"
        estimateSeconds={5}
        finishedMessage="Your blog post is ready below."
      />,
    );
    expect(region()).toBe(live);
    expect(live).toHaveTextContent('Your blog post is ready below.');
    expect(live).not.toHaveTextContent('Writing');

    rerender(<WorkingIndicator running={false} label="Writing" estimateSeconds={5} />);
    expect(live.textContent).toBe('');
  });
});
