import { defineConfig } from 'tsup';

export default defineConfig([
  {
    // The library: createServer and the transports, for the service and for programs that embed the server.
    entry: { index: 'src/index.ts' },
    format: ['esm'],
    dts: true,
    clean: true,
    sourcemap: true,
    platform: 'node',
    target: 'node20',
  },
  {
    // The `quire-mcp` command that `npx @quire/mcp` runs: ES module, with its shebang and run bit kept.
    entry: { bin: 'src/bin/quire-mcp.ts' },
    format: ['esm'],
    sourcemap: true,
    platform: 'node',
    target: 'node20',
  },
]);
