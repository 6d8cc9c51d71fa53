import pkg from '../package.json' with { type: 'json' };

/** This package's version: the server's version in `initialize`, and what `quire-mcp --version` prints. */
export const VERSION: string = pkg.version;
