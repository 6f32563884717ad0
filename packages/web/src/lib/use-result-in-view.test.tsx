import { act, render, screen } from '@testing-library/react';
import { ResultPanel } from '../components/result-panel.tsx';
import { useResultInView } from './use-result-in-view.ts';

/** A tool page in small: a field, its Generate button, its status line and its result panel. */
function ToolPage({
  running,
  hasResult,
  text = '',
}: {
  running: boolean;
  hasResult: boolean;
  text?: string;
}) {
  const view = useResultInView(running, hasResult);
  return (
    <>
      <input aria-label="Topic" />
      <button type="button">Generate</button>
      <p role="status">{view.announceReady ? 'Your result is ready below.' : ''}</p>
      <ResultPanel title="Your result" busy={running} view={view}>
        <p>{text}</p>
      </ResultPanel>
    </>
  );
}

const heading = () => screen.getByRole('heading', { name: 'Your result' });
const status = () => screen.getByRole('status');

/** Where the result panel sits in the window, in pixels from the window's top. */
let panelBox = { top: 900, bottom: 1000 };
/** The window's and the elements' scrolling, which jsdom does not do. */
let scrollBy = vi.fn();
let scrollIntoView = vi.fn();

beforeEach(() => {
  panelBox = { top: 900, bottom: 1000 };
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const box = this.matches('section.tool-result') ? panelBox : { top: 0, bottom: 0 };
    return { ...box, left: 0, right: 0, width: 0, height: box.bottom - box.top } as DOMRect;
  });
  scrollBy = vi.fn();
  scrollIntoView = vi.fn();
  window.scrollBy = scrollBy;
  Element.prototype.scrollIntoView = scrollIntoView;
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 });
  setScrollY(0);
});

afterEach(() => {
  vi.restoreAllMocks();
});

function setScrollY(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
}

/** The visitor scrolls the window to `y`. */
function scrollTo(y: number) {
  setScrollY(y);
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('useResultInView', () => {
  it('moves focus to the arriving result heading, which is then the one announcement', () => {
    const { rerender } = render(<ToolPage running={false} hasResult={false} />);
    screen.getByRole('button', { name: 'Generate' }).focus();
    rerender(<ToolPage running hasResult={false} />);
    rerender(<ToolPage running={false} hasResult />);
    expect(heading()).toHaveFocus();
    expect(heading()).toHaveAttribute('tabindex', '-1');
    expect(status()).toHaveTextContent('');
    // Below the window, the panel was brought into view first.
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'start' });
  });

  it('focus fallen to the page (a Stop button that went away) moves to the result too', () => {
    const { rerender } = render(<ToolPage running={false} hasResult={false} />);
    rerender(<ToolPage running hasResult={false} />);
    expect(document.activeElement).toBe(document.body);
    rerender(<ToolPage running={false} hasResult />);
    expect(heading()).toHaveFocus();
  });

  it('leaves focus with a visitor who moved on, and says the result is ready instead', () => {
    const { rerender } = render(<ToolPage running={false} hasResult={false} />);
    screen.getByRole('button', { name: 'Generate' }).focus();
    rerender(<ToolPage running hasResult={false} />);
    const topic = screen.getByRole('textbox', { name: 'Topic' });
    topic.focus();
    rerender(<ToolPage running={false} hasResult />);
    expect(topic).toHaveFocus();
    expect(status()).toHaveTextContent('Your result is ready below.');
    expect(scrollIntoView).not.toHaveBeenCalled();

    // The next generation starts without the old announcement.
    rerender(<ToolPage running hasResult={false} />);
    expect(status()).toHaveTextContent('');
  });

  it('does nothing for a result kept from before (the visitor came back to the page)', () => {
    render(<ToolPage running={false} hasResult text="An old story" />);
    expect(heading()).not.toHaveFocus();
    expect(status()).toHaveTextContent('');
    expect(scrollBy).not.toHaveBeenCalled();
    expect(scrollIntoView).not.toHaveBeenCalled();
  });

  it('an end without a result (an error, a Clear) leaves focus where it was', () => {
    const { rerender } = render(<ToolPage running={false} hasResult={false} />);
    const generate = screen.getByRole('button', { name: 'Generate' });
    generate.focus();
    rerender(<ToolPage running hasResult={false} />);
    rerender(<ToolPage running={false} hasResult={false} />);
    expect(generate).toHaveFocus();
    expect(status()).toHaveTextContent('');
  });

  it('keeps the growing text in view until the visitor scrolls up, and again once they come back', () => {
    const { rerender } = render(<ToolPage running={false} hasResult={false} />);
    rerender(<ToolPage running hasResult={false} text="Once" />);
    // The panel's end is 200 px below the window (plus the room left under it).
    expect(scrollBy).toHaveBeenLastCalledWith({ top: 1000 + 24 - 800 });

    scrollTo(224);
    panelBox = { top: 676, bottom: 1100 };
    rerender(<ToolPage running hasResult={false} text="Once upon" />);
    expect(scrollBy).toHaveBeenLastCalledWith({ top: 1100 + 24 - 800 });
    expect(scrollBy).toHaveBeenCalledTimes(2);

    // The visitor scrolls up to read the form: the text no longer pulls them down.
    scrollTo(100);
    panelBox = { top: 800, bottom: 1300 };
    rerender(<ToolPage running hasResult={false} text="Once upon a time" />);
    expect(scrollBy).toHaveBeenCalledTimes(2);

    // Back down to the text's end: following resumes.
    panelBox = { top: 300, bottom: 790 };
    scrollTo(600);
    panelBox = { top: 300, bottom: 900 };
    rerender(<ToolPage running hasResult={false} text="Once upon a time there" />);
    expect(scrollBy).toHaveBeenCalledTimes(3);
  });

  it('a wheel turned up stops the following, and the arrival then leaves the visitor be', () => {
    const { rerender } = render(<ToolPage running={false} hasResult={false} />);
    screen.getByRole('button', { name: 'Generate' }).focus();
    rerender(<ToolPage running hasResult={false} text="Once" />);
    act(() => {
      window.dispatchEvent(new WheelEvent('wheel', { deltaY: -40 }));
    });
    rerender(<ToolPage running hasResult={false} text="Once upon" />);
    expect(scrollBy).toHaveBeenCalledTimes(1);

    rerender(<ToolPage running={false} hasResult text="Once upon a time." />);
    expect(heading()).not.toHaveFocus();
    expect(status()).toHaveTextContent('Your result is ready below.');
  });

  it('a result already in view is not scrolled to: focus moves without a jump', () => {
    panelBox = { top: 100, bottom: 500 };
    const { rerender } = render(<ToolPage running={false} hasResult={false} />);
    rerender(<ToolPage running hasResult={false} />);
    rerender(<ToolPage running={false} hasResult />);
    expect(heading()).toHaveFocus();
    expect(scrollIntoView).not.toHaveBeenCalled();
    expect(scrollBy).not.toHaveBeenCalled();
  });
});
