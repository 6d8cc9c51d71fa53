import type { Quire, TemplateSummary } from '@quire/client';
import { PdfViewer } from '@quire/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { TEMPLATES_TEXT as T } from '../../content/templates';
import { configureTemplatePdf } from './pdf';
import { cachedThumbnail, keepThumbnail, type ThumbnailKey } from './thumbnail-cache';

configureTemplatePdf();

/** How wide the first page is drawn (CSS pixels; the viewer paints 24 px narrower than its box). */
const DRAW_WIDTH = 264;
/** Previews asked of the service at a time, so a long grid does not queue dozens of renders at once. */
const AT_ONCE = 2;

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `job` when fewer than AT_ONCE others are running. */
async function limited<T>(job: () => Promise<T>): Promise<T> {
  if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await job();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

type State =
  | { status: 'waiting' }
  | { status: 'drawing'; bytes: Uint8Array }
  | { status: 'shown'; url: string }
  | { status: 'none' };

/**
 * The first page of a template's latest version: from this browser's cache when that version was drawn before,
 * else rendered by the service's preview (the sample data, as a PDF), painted by pdf.js off screen once the card
 * is in view, and kept for next time. Email templates have no pages: they show their kind.
 */
export function TemplateThumbnail({
  template,
  client,
  teamId,
}: {
  template: TemplateSummary;
  client: Quire;
  teamId: string;
}) {
  const [state, setState] = useState<State>({ status: 'waiting' });
  const box = useRef<HTMLDivElement>(null);
  const drawing = useRef<HTMLDivElement>(null);
  // The object URL on screen, revoked when it is replaced or the card goes.
  const shownUrl = useRef<string | null>(null);
  const showImage = useCallback((image: Blob) => {
    if (shownUrl.current) URL.revokeObjectURL(shownUrl.current);
    shownUrl.current = URL.createObjectURL(image);
    setState({ status: 'shown', url: shownUrl.current });
  }, []);
  useEffect(
    () => () => {
      if (shownUrl.current) URL.revokeObjectURL(shownUrl.current);
    },
    [],
  );
  const { id, latest_version: version, kind } = template;

  useEffect(() => {
    if (kind !== 'document') {
      setState({ status: 'none' });
      return;
    }
    const key: ThumbnailKey = { teamId, templateId: id, version };
    let cancelled = false;
    let observer: IntersectionObserver | null = null;
    setState({ status: 'waiting' });
    const draw = () =>
      limited(async () => {
        if (cancelled) return;
        const file = await client.templates.previewFile(id, { version, format: 'pdf' });
        const bytes = await file.bytes();
        if (!cancelled) setState({ status: 'drawing', bytes });
      }).catch(() => {
        if (!cancelled) setState({ status: 'none' });
      });
    void cachedThumbnail(key).then((image) => {
      if (cancelled) return;
      if (image) return showImage(image);
      const element = box.current;
      if (!element || typeof IntersectionObserver === 'undefined') return void draw();
      observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer?.disconnect();
          void draw();
        },
        { rootMargin: '200px' },
      );
      observer.observe(element);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
    };
  }, [client, teamId, id, version, kind, showImage]);

  /** pdf.js has painted every page off screen: the first becomes the picture, kept for this version. */
  const painted = () => {
    const canvas = drawing.current?.querySelector('canvas');
    if (!canvas) return setState({ status: 'none' });
    canvas.toBlob(
      (image) => {
        if (!image) return setState({ status: 'none' });
        void keepThumbnail({ teamId, templateId: id, version }, image);
        showImage(image);
      },
      'image/webp',
      0.85,
    );
  };

  return (
    <div className="templates-thumb" ref={box} data-state={state.status}>
      {state.status === 'shown' ? (
        <img src={state.url} alt={T.thumbnailOf(template.name)} width={DRAW_WIDTH - 24} />
      ) : state.status === 'none' ? (
        <span className="templates-thumb-note">{kind === 'email' ? 'Email' : T.thumbnailFailed}</span>
      ) : (
        <span className="templates-thumb-note">{T.thumbnailLoading}</span>
      )}
      {state.status === 'drawing' ? (
        <div className="templates-thumb-draw" ref={drawing} aria-hidden="true">
          <PdfViewer bytes={state.bytes} onPaint={painted} onError={() => setState({ status: 'none' })} />
        </div>
      ) : null}
    </div>
  );
}
