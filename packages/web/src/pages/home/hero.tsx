import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { VideoModal } from '../../components/video-modal.tsx';
import { ROUTES } from '@ai-tools/contracts';

/**
 * The home hero (docs/product.md section 2): anchor id `home`, cover image with an overlay, the
 * small title, the headline, the line and the orange 'Get Started For Free' button. The 'Watch
 * demo' control appears only when a demo video id is configured.
 */
export function Hero({ demoVideoId }: { demoVideoId?: string }) {
  const [isVideoOpen, setIsVideoOpen] = useState(false);
  const closeVideo = useCallback(() => setIsVideoOpen(false), []);

  return (
    <section id="home" className="hero" aria-labelledby="hero-title">
      <div className="container">
        <div className="hero__content">
          <p className="hero__eyebrow">Awesome AI Tools</p>
          <h1 id="hero-title">We make your content amazing and simple with our AI tools</h1>
          <p className="hero__line">
            Elevate your projects with AI tools for text to speech, subtitles, video scripts, blogs
            and stories. Free to use, no sign-up, results in seconds.
          </p>
          <div className="hero__actions">
            <Link to={ROUTES.aiTools} className="button button--orange">
              Get Started For Free
            </Link>
            {demoVideoId ? (
              <button
                type="button"
                className="button button--ghost-light"
                aria-haspopup="dialog"
                onClick={() => setIsVideoOpen(true)}
              >
                <span aria-hidden="true">▶</span> Watch demo
              </button>
            ) : null}
          </div>
          <ul className="hero__badges" aria-label="Highlights">
            <li>Free, no subscription</li>
            <li>No sign-up</li>
            <li>Your content is not stored</li>
          </ul>
        </div>
      </div>
      {demoVideoId ? (
        <VideoModal videoId={demoVideoId} isOpen={isVideoOpen} onClose={closeVideo} />
      ) : null}
    </section>
  );
}
