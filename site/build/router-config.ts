/** TanStack Router's file-based routing settings, shared by the Vite plugin and scripts/generate-routes.ts. */
export const ROUTER_CONFIG = {
  target: 'react',
  routesDirectory: './src/routes',
  generatedRouteTree: './src/routeTree.gen.ts',
  // Files and folders starting with `-` beside the routes are private to them, not routes.
  routeFileIgnorePrefix: '-',
  quoteStyle: 'single',
  semicolons: true,
} as const;
