import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Environment variable that names the Chromium executable; it wins over every other source. */
export const CHROMIUM_PATH_ENV = 'QUIRE_CHROMIUM_PATH';

/** Names of a Chromium or Chrome executable on the PATH, most likely first. */
export const CHROMIUM_COMMANDS = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'] as const;

/**
 * Where Chromium is looked for, in order: `QUIRE_CHROMIUM_PATH`, the explicit path, the commands on the PATH.
 * A configured path is final: when it names nothing executable the answer is `undefined` rather than some other
 * browser from the PATH, so a typo in the configuration is reported instead of silently worked around.
 */
export function findChromium(explicitPath?: string): string | undefined {
  const configured = configuredChromiumPath(explicitPath);
  if (configured !== undefined) return isExecutableFile(configured) ? configured : undefined;
  for (const directory of (process.env.PATH ?? '').split(delimiter)) {
    if (directory === '') continue;
    for (const command of CHROMIUM_COMMANDS) {
      const candidate = join(directory, command);
      if (isExecutableFile(candidate)) return candidate;
    }
  }
  return undefined;
}

/** The path the configuration names, if any: the environment first, then the caller's. */
export function configuredChromiumPath(explicitPath?: string): string | undefined {
  const fromEnv = process.env[CHROMIUM_PATH_ENV]?.trim();
  if (fromEnv) return fromEnv;
  const explicit = explicitPath?.trim();
  return explicit ? explicit : undefined;
}

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
