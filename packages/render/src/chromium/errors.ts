import { CHROMIUM_COMMANDS, CHROMIUM_PATH_ENV, configuredChromiumPath } from './find-chromium';

/** Chromium is not installed, or the configured path does not lead to it. */
export class ChromiumNotFoundError extends Error {
  readonly code = 'chromium_not_found';
  /** The path that was configured but not found; undefined when the PATH was searched. */
  readonly path: string | undefined;

  constructor(explicitPath?: string) {
    const path = configuredChromiumPath(explicitPath);
    const where =
      path === undefined
        ? `Chromium was not found: none of ${CHROMIUM_COMMANDS.join(', ')} is on the PATH.`
        : `Chromium was not found at ${path}${process.env[CHROMIUM_PATH_ENV]?.trim() ? ` (from ${CHROMIUM_PATH_ENV})` : ''}.`;
    super(
      `${where} The Chromium engine needs a local Chromium. On Debian or Ubuntu install it with ` +
        `\`apt-get install chromium\`, or set ${CHROMIUM_PATH_ENV} to the path of a Chromium or Chrome executable.`,
    );
    this.name = 'ChromiumNotFoundError';
    this.path = path;
  }
}

/** The optional playwright-core package, which drives Chromium, is not installed. */
export class ChromiumDriverMissingError extends Error {
  readonly code = 'chromium_driver_missing';

  constructor(cause: unknown) {
    super(
      'The Chromium engine needs the playwright-core package: install it next to @quire/render ' +
        '(`npm install playwright-core`). It drives the system Chromium and downloads no browser.',
      { cause },
    );
    this.name = 'ChromiumDriverMissingError';
  }
}
