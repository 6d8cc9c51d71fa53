import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { pdfAssets } from './build/pdf-assets.ts';
import { routeManifest } from './build/route-manifest.ts';
import { ROUTER_CONFIG } from './build/router-config.ts';

// `pnpm dev` runs against a Quire service that is already running (`pnpm start`, port 3000 by default): the API,
// the docs and the MCP endpoint are proxied to it, so the app calls its own origin as it does when the service
// serves the build.
const service = process.env.QUIRE_SERVICE_URL ?? 'http://localhost:3000';
const proxied = ['/v1', '/docs', '/openapi.json', '/mcp', '/healthz'];

export default defineConfig({
  plugins: [
    // Before react(): it turns src/routes/ into the route tree and splits each route's component into its own chunk.
    tanstackRouter({ ...ROUTER_CONFIG, autoCodeSplitting: true }),
    react(),
    routeManifest(),
    pdfAssets(),
  ],
  resolve: {
    // Workspace packages resolve to their TypeScript sources, as in tests: the site needs no package build first.
    conditions: ['@quire/source', ...defaultClientConditions],
    dedupe: ['react', 'react-dom'],
  },
  server: {
    port: Number(process.env.SITE_PORT ?? 5173),
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: service, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The PDF preview's engine (Quire's layout engine with pdfkit's standalone build) is one large lazy chunk; it
    // loads only with the builder.
    chunkSizeWarningLimit: 3_000,
  },
});
