import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** What a tool page hands its ResultPanel, and what it learns back. */
export interface ResultView {
  panelRef: RefObject<HTMLElement | null>;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /**
   * The result arrived while the visitor was busy elsewhere (typing in a field, reading another
   * part of the page), so focus stayed where they put it: the page's status line says the result
   * is ready instead. False when focus moved to the result's heading, whose name is then the one
   * announcement.
   */
  announceReady: boolean;
}

/** Room left under the growing text, so its last line never sits on the window's edge. */
const BOTTOM_MARGIN_PIXELS = 24;

/**
 * Keeps a tool's result in the visitor's sight (issue 22): while the tool works, the result panel
 * (a writer's growing text, the transcript's progress) stays in view, unless the visitor scrolls up
 * to read something else; when the result arrives it comes into view and focus moves to its
 * heading, unless the visitor has moved on (scrolled away, or put focus somewhere of their own).
 * Scrolls use the page's CSS scroll-behavior, which is smooth only without prefers-reduced-motion.
 *
 * @param running A generation is under way.
 * @param hasResult There is a result to show once it ends (not an error, not a Clear).
 */
export function useResultInView(running: boolean, hasResult: boolean): ResultView {
  const panelRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [announceReady, setAnnounceReady] = useState(false);
  const wasRunning = useRef(false);
  const following = useRef(false);
  /** Where focus was when the generation started (the Generate button, the drop zone). */
  const focusAtStart = useRef<Element | null>(null);

  // A layout effect: the decision to focus or to announce is made before the status line paints,
  // so a message that focus makes needless never reaches a screen reader.
  useLayoutEffect(() => {
    if (running && !wasRunning.current) {
      following.current = true;
      focusAtStart.current = document.activeElement;
      setAnnounceReady(false);
    } else if (!running && wasRunning.current && hasResult) {
      const panel = panelRef.current;
      const heading = headingRef.current;
      if (panel && heading && following.current && focusIsUnclaimed(focusAtStart.current)) {
        if (!intersectsViewport(panel)) panel.scrollIntoView?.({ block: 'start' });
        // The scroll above is the one the visitor sees; focusing must not jump again.
        heading.focus({ preventScroll: true });
      } else {
        setAnnounceReady(true);
      }
    }
    wasRunning.current = running;
  }, [running, hasResult]);

  // While the tool works, each render (a piece of text, a new line of progress) keeps the panel's
  // end in view. Only downwards: the visitor's own position above it is never taken back.
  useEffect(() => {
    if (!running || !following.current) return;
    const panel = panelRef.current;
    if (!panel) return;
    const overshoot =
      panel.getBoundingClientRect().bottom + BOTTOM_MARGIN_PIXELS - window.innerHeight;
    if (overshoot > 0) window.scrollBy?.({ top: overshoot });
  });

  // The visitor scrolling up stops the following; scrolling back down to the panel's end resumes it.
  useEffect(() => {
    if (!running) return;
    let lastY = window.scrollY;
    let lastHeight = document.documentElement.scrollHeight;
    const onScroll = () => {
      const height = document.documentElement.scrollHeight;
      // A page that got shorter (a part rewritten) moves the scroll position without the visitor.
      const y = window.scrollY;
      if (y < lastY && height >= lastHeight) following.current = false;
      else if (y > lastY && !following.current) {
        const panel = panelRef.current;
        if (panel && panel.getBoundingClientRect().bottom <= window.innerHeight) {
          following.current = true;
        }
      }
      lastY = y;
      lastHeight = height;
    };
    // The wheel turned up says so before any scroll event, even at the top of the page.
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY < 0) following.current = false;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('wheel', onWheel, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('wheel', onWheel);
    };
  }, [running]);

  return { panelRef, headingRef, announceReady };
}

/**
 * Focus may move to the result when the visitor left it where the generation found it, or it
 * fell to the page (a button that went away, such as Stop). Anywhere else (a field, a control of
 * the result itself, such as a player's Pause) the visitor put it there.
 */
function focusIsUnclaimed(focusAtStart: Element | null): boolean {
  const active = document.activeElement;
  return (
    active === null || active === document.body || active === focusAtStart || !active.isConnected
  );
}

function intersectsViewport(element: HTMLElement): boolean {
  const { top, bottom } = element.getBoundingClientRect();
  return bottom > 0 && top < window.innerHeight;
}
