import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@quire/source'] },
  test: { include: ['src/**/*.test.ts'] },
});
