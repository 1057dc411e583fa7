import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import electron from 'vite-plugin-electron/simple';
import { fileURLToPath } from 'node:url';
import { uiTables } from './scripts/ui-tables.js';
import { stripApiDocs } from './scripts/strip-api-docs.js';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The renderer is built to dist/renderer. Main and preload are built to
 * dist-electron by vite-plugin-electron only when VEND_ELECTRON=1 (the desktop
 * build and `npm start` on a machine with an Electron binary): browser mode and
 * the tests need the renderer alone.
 */
export default defineConfig(() => ({
  root: `${root}renderer`,
  // Absolute: nested routes reload index.html, whose assets must not resolve relative to the route.
  base: '/',
  publicDir: `${root}resources/public`,
  build: {
    outDir: `${root}dist/renderer`,
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    // Chunks named by their hash alone: the entry's preload map names every chunk (130 of them), and
    // the sign-in page loads that map; module names there were 2 KB nobody reads.
    rolldownOptions: { output: { chunkFileNames: 'assets/[hash].js' } },
  },
  plugins: [
    react(),
    uiTables(),
    stripApiDocs(),
    process.env.VEND_ELECTRON === '1'
      ? electron({
          main: {
            entry: `${root}electron/main.ts`,
            vite: { build: { outDir: `${root}dist-electron`, rolldownOptions: { external: ['electron'] } } },
          },
          preload: {
            input: `${root}electron/preload.ts`,
            // A sandboxed preload cannot be an ES module (ARCHITECTURE §9): the
            // plugin builds it as CJS but names it .mjs under "type": "module".
            vite: {
              build: { outDir: `${root}dist-electron`, rolldownOptions: { output: { entryFileNames: '[name].cjs' } } },
            },
          },
        })
      : null,
  ],
}));
