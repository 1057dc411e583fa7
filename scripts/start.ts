/**
 * `npm start`: the upstream plus the desktop console, signed out. Where
 * Electron cannot start (its binary cannot be downloaded, or there is no
 * display) it says so in one line and serves browser mode instead.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { build } from 'vite';
import pkg from '../package.json' with { type: 'json' };
import { closeOnSignal, startBrowserMode, startUpstream } from './launch.js';

/** The Electron binary's path, fetching it once if missing; why not, when it cannot run. */
function electronBinary(): { path: string } | { why: string } {
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY)
    return { why: 'no display' };
  const dir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  const located = () => {
    const pathFile = join(dir, 'path.txt');
    const bin = existsSync(pathFile) ? join(dir, 'dist', readFileSync(pathFile, 'utf8')) : '';
    return bin && existsSync(bin) ? bin : undefined;
  };
  if (!located()) {
    // Electron 45 fetches its binary on first run; do it here, quietly, so a
    // failure is one line instead of a stack trace.
    spawnSync(process.execPath, [join(dir, 'install.js')], { stdio: 'ignore', timeout: 120_000 });
  }
  const bin = located();
  return bin ? { path: bin } : { why: 'the Electron binary could not be downloaded' };
}

const electron = electronBinary();
// Main and preload are built only for the desktop (see vite.config.ts).
if ('path' in electron) process.env.VEND_ELECTRON = '1';
await build({ logLevel: 'warn' });
const upstream = await startUpstream();

if ('path' in electron) {
  const child = spawn(electron.path, ['.'], { stdio: 'inherit', env: { ...process.env, VEND_UPSTREAM: upstream.url } });
  child.on('exit', async (code) => {
    await upstream.close();
    process.exit(code ?? 0);
  });
  closeOnSignal(async () => void child.kill(), upstream.close);
} else {
  const host = await startBrowserMode(upstream, pkg.version);
  console.log(
    `Electron cannot start here (${electron.why}); serving browser mode instead: ${host.launchUrl()}  (the address works once)`,
  );
  closeOnSignal(host.close, upstream.close);
}
