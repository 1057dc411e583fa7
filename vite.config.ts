import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import electron from 'vite-plugin-electron';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The renderer is built to dist/renderer. Main and preload are built to
 * dist-electron by vite-plugin-electron only when VEND_ELECTRON=1 (the desktop
 * build and `npm start` on a machine with an Electron binary): browser mode and
 * the tests need the renderer alone.
 */
export default defineConfig(({ command }) => ({
  root: `${root}renderer`,
  // Absolute: nested routes reload index.html, whose assets must not resolve relative to the route.
  base: '/',
  publicDir: `${root}resources/public`,
  build: { outDir: `${root}dist/renderer`, emptyOutDir: true, chunkSizeWarningLimit: 2000 },
  plugins: [
    react(),
    process.env.VEND_ELECTRON === '1'
      ? electron([
          {
            entry: `${root}electron/main.ts`,
            onstart: async ({ startup }) => {
              if (command === 'serve') await startup();
            },
            vite: { build: { outDir: `${root}dist-electron`, rollupOptions: { external: ['electron'] } } },
          },
          {
            entry: `${root}electron/preload.ts`,
            onstart: ({ reload }) => reload(),
            vite: {
              build: {
                outDir: `${root}dist-electron`,
                // A sandboxed preload cannot be an ES module (ARCHITECTURE §9).
                rollupOptions: { external: ['electron'], output: { format: 'cjs', entryFileNames: 'preload.cjs' } },
              },
            },
          },
        ])
      : null,
  ],
}));
