import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// One Vite config: the SPA build (root app/) and the Vitest projects.
export default defineConfig({
  root: 'app',
  plugins: [react()],
  build: { outDir: '../dist/app', emptyOutDir: true },
  test: {
    root: '.',
    projects: [
      {
        test: {
          name: 'form-engine',
          root: 'packages/form-engine',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // Property-based tests run 1,000 cases each; on a loaded 2-core machine that takes seconds.
          testTimeout: 60000,
        },
      },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        test: {
          name: 'cross',
          root: 'tests',
          environment: 'node',
          include: ['**/*.test.ts'],
          exclude: ['e2e/**', 'bench/**', 'node_modules/**'],
          testTimeout: 60000,
        },
      },
    ],
  },
});
