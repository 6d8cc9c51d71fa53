/**
 * The demo video and the preview image, recorded from the running product by `pnpm --filter @quire/site
 * record-demo` (scripts/record-demo.ts) into public/media/; the captions are the scenes' own texts.
 */
export const DEMO_MEDIA = {
  video: '/media/quire-demo.mp4',
  captions: '/media/quire-demo.en.vtt',
  poster: '/media/dashboard-preview.png',
  /** The video's frame. */
  width: 1280,
  height: 800,
  /** The preview image: the builder, as the recording takes it (its box at a 1280 × 800 window). */
  posterWidth: 1216,
  posterHeight: 705,
} as const;
