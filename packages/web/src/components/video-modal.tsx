import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { TIMINGS, VIDEO_MODAL } from '@ai-tools/contracts';

/** The hero video channel of docs/product.md section 9. */
export function vimeoEmbedUrl(videoId: string): string {
  const params = new URLSearchParams({ autoplay: VIDEO_MODAL.autoplay ? '1' : '0', dnt: '1' });
  return `${VIDEO_MODAL.playerOrigin}/video/${encodeURIComponent(videoId)}?${params}`;
}

/**
 * The video modal of docs/product.md section 4: closed by default, closes on Escape, a backdrop
 * click or the close button, with a 300 ms animation; 16:9, autoplay on, full screen allowed. Focus
 * moves into the dialog on open and back to the control that opened it on close.
 */
export function VideoModal({
  videoId,
  isOpen,
  onClose,
  title = 'Demo video',
}: {
  videoId: string;
  isOpen: boolean;
  onClose: () => void;
  title?: string;
}) {
  // Stays mounted for the closing animation, then unmounts so the player stops.
  const [isMounted, setIsMounted] = useState(isOpen);
  const [isVisible, setIsVisible] = useState(false);
  const closeButton = useRef<HTMLButtonElement>(null);
  const returnFocusTo = useRef<Element | null>(null);

  useEffect(() => {
    if (isOpen) {
      returnFocusTo.current = document.activeElement;
      setIsMounted(true);
      const frame = requestAnimationFrame(() => setIsVisible(true));
      return () => cancelAnimationFrame(frame);
    }
    setIsVisible(false);
    const timer = setTimeout(() => {
      setIsMounted(false);
      if (returnFocusTo.current instanceof HTMLElement) returnFocusTo.current.focus();
    }, TIMINGS.videoModalAnimationMs);
    return () => clearTimeout(timer);
  }, [isOpen]);

  useEffect(() => {
    if (isOpen && isMounted) closeButton.current?.focus();
  }, [isOpen, isMounted]);

  // While open, the rest of the page is inert (focus and screen readers stay in the dialog) and
  // does not scroll behind it.
  useEffect(() => {
    if (!isOpen) return;
    const appRoot = document.getElementById('root');
    appRoot?.setAttribute('inert', '');
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      appRoot?.removeAttribute('inert');
      document.body.style.overflow = overflow;
    };
  }, [isOpen]);

  useEffect(() => {
    if (!isOpen) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') onClose();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isOpen, onClose]);

  if (!isMounted) return null;

  // Rendered at the end of <body>, outside the app root that turns inert while it is open.
  return createPortal(
    <div
      className={`video-modal${isVisible ? ' video-modal--open' : ''}`}
      data-testid="video-modal-backdrop"
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="video-modal__dialog" role="dialog" aria-modal="true" aria-label={title}>
        <button
          ref={closeButton}
          type="button"
          className="video-modal__close"
          aria-label="Close video"
          onClick={onClose}
        >
          <span aria-hidden="true">×</span>
        </button>
        <div className="video-modal__frame" style={{ aspectRatio: VIDEO_MODAL.aspectRatio }}>
          {isOpen ? (
            <iframe
              src={vimeoEmbedUrl(videoId)}
              title={title}
              allow="autoplay; fullscreen; picture-in-picture"
              allowFullScreen={VIDEO_MODAL.allowFullscreen}
            />
          ) : null}
        </div>
      </div>
    </div>,
    document.body,
  );
}
