/**
 * Writes src/routeTree.gen.ts from the files in src/routes/, as the Vite plugin does on `pnpm dev` and `pnpm build`,
 * so that `pnpm typecheck` works on a fresh clone (the generated file is not committed: nobody edits it, and two
 * branches adding routes would otherwise conflict in it).
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Generator, getConfig } from '@tanstack/router-generator';
import { ROUTER_CONFIG } from '../build/router-config.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
await new Generator({ config: getConfig(ROUTER_CONFIG, root), root }).run();
