import { type Config, loadYoga, type Yoga } from 'yoga-layout/load';

/**
 * Yoga (flexbox) is WebAssembly, loaded asynchronously once per process; layout is synchronous, so the
 * document pipeline awaits `ensureFlexReady()` before it lays anything out.
 */
let loaded: { yoga: Yoga; config: Config } | null = null;
let loading: Promise<void> | null = null;

export function ensureFlexReady(): Promise<void> {
  loading ??= loadYoga().then((yoga) => {
    const config = yoga.Config.create();
    // Points are not pixels: no rounding to a pixel grid.
    config.setPointScaleFactor(0);
    config.setUseWebDefaults(true);
    loaded = { yoga, config };
  });
  return loading;
}

export function isFlexReady(): boolean {
  return loaded !== null;
}

export function loadedYoga(): { yoga: Yoga; config: Config } {
  if (!loaded) throw new Error('Flex layout is not ready: await ensureFlexReady() before laying out a document.');
  return loaded;
}
