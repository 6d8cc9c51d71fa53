import { toSVG } from 'bwip-js/browser';

/** Browsers: bwip-js comes with the engine's chunk (Node requires it on first use: bwip-node.ts). */
export const bwipToSvg = (options: Parameters<typeof toSVG>[0]): string => toSVG(options);
