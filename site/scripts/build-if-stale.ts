/**
 * `pnpm start` runs this first: it builds the site when site/dist is missing or stale, so that one command starts
 * the whole product.
 */
import { ensureSiteBuild } from '../build/ensure-build.ts';

const log = (line: string) => process.stderr.write(`${line}\n`);
if (!(await ensureSiteBuild(log))) log('The web app is built and up to date (site/dist).');
