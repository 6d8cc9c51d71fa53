import { Dialog } from '@quire/react';
import { useState } from 'react';
import { HERO } from '../../content/landing';
import { DEMO_MEDIA } from '../../content/media';
import { usePrefersReducedMotion } from '../../layout/use-reduced-motion';

/** The product's picture in the hero; a click plays the explainer video in a dialog. */
export function DashboardPreview() {
  const [open, setOpen] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  return (
    <>
      <button type="button" className="site-preview" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <img
          src={DEMO_MEDIA.poster}
          alt={HERO.previewAlt}
          width={DEMO_MEDIA.posterWidth}
          height={DEMO_MEDIA.posterHeight}
        />
        <span className="site-preview-play">
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M8 5.5v13l11-6.5-11-6.5Z" fill="currentColor" />
          </svg>
          {HERO.previewButton}
        </span>
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={HERO.videoTitle} description={HERO.videoDescription} size="lg">
        {/* Autoplay only for people who have not asked for less motion; the controls are always there. */}
        <video
          className="site-video"
          controls
          autoPlay={!reducedMotion}
          playsInline
          poster={DEMO_MEDIA.poster}
          width={DEMO_MEDIA.width}
          height={DEMO_MEDIA.height}
        >
          <source src={DEMO_MEDIA.video} type="video/mp4" />
          <track kind="captions" src={DEMO_MEDIA.captions} srcLang="en" label="English" default />
        </video>
      </Dialog>
    </>
  );
}
