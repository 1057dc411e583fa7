/**
 * `npm run dist`: builds renderer, main and preload, then packages with
 * electron-builder for this platform (targets in electron-builder.yml). It
 * needs the Electron binary, which cannot be downloaded on our build machines.
 */
import { spawnSync } from 'node:child_process';
import { build } from 'vite';
import { feedArgs } from '../electron/updates.js';

// The update feed, when the build names one (docs/desktop.md): checked before anything is built.
const feed = feedArgs(process.env.VEND_UPDATE_URL);
process.env.VEND_ELECTRON = '1';
await build();
const packaged = spawnSync('electron-builder', [...process.argv.slice(2), ...feed], { stdio: 'inherit', shell: true });
process.exit(packaged.status ?? 1);
