export {
  CHROMIUM_ARGS,
  ChromiumEngine,
  type ChromiumLaunchOptions,
  type ChromiumPdf,
  type ChromiumPdfInput,
} from './chromium-engine';
export { ChromiumDriverMissingError, ChromiumNotFoundError } from './errors';
export { CHROMIUM_PATH_ENV, findChromium } from './find-chromium';
export { countPdfPages } from './pdf-page-count';
