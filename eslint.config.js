// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from './eslint/domain-boundaries.js';

/**
 * Layering (ARCHITECTURE §3) as lint: each folder lists what it must never
 * import, so a wrong import fails CI instead of review.
 */
const layer = (files, patterns) => ({
  files,
  rules: {
    '@typescript-eslint/no-restricted-imports': ['error', { patterns }],
  },
});
const node = {
  group: ['node:*', 'fs', 'path', 'http', 'https', 'crypto', 'os', 'child_process', 'url'],
  message: 'Node built-ins are not available here.',
};
const electron = { group: ['electron', 'electron-store'], message: 'Only the Electron shell may import electron.' };
const rendererDir = {
  group: ['**/renderer/**', '**/renderer'],
  message: 'The renderer is reached only through the bridge.',
};
const serverDir = { group: ['**/server/**', '**/server'], message: 'The upstream is reached only over HTTP.' };
const electronDir = {
  group: ['**/electron/**', '**/electron'],
  message: 'This layer may not depend on the desktop side.',
};
const coreDir = {
  group: ['**/core/**', '**/host/**'],
  message: 'The renderer talks to the core only through the bridge.',
};
const react = {
  group: ['react', 'react-dom', 'react/*', 'react-dom/*', '@fluentui/*'],
  message: 'No UI libraries here.',
};

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'dist-electron', 'release', '.data', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // The domain is the unit of the code (ARCHITECTURE §4): see eslint/domain-boundaries.js.
  {
    files: ['shared/**', 'server/**', 'renderer/**'],
    plugins: { vend: boundaries },
    rules: { 'vend/domain-boundaries': 'error' },
  },
  layer(
    ['shared/**'],
    [
      node,
      electron,
      rendererDir,
      serverDir,
      electronDir,
      react,
      {
        group: ['axios', 'fastify', 'drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'],
        message: 'shared/ is pure: zod and our own shared modules only.',
      },
    ],
  ),
  layer(['server/**'], [electron, rendererDir, electronDir, react]),
  layer(['electron/core/**', 'electron/host/**'], [electron, rendererDir, serverDir, react]),
  layer(['electron/*.ts'], [rendererDir, serverDir, react]),
  layer(
    ['renderer/**'],
    [
      node,
      electron,
      serverDir,
      electronDir,
      coreDir,
      {
        group: ['axios', 'fastify', 'drizzle-orm', 'pg'],
        message: 'The renderer never touches the network except through the bridge.',
      },
    ],
  ),
);
