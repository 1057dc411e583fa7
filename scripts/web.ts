/** `npm run web`: browser mode — the upstream and the console host, its one-time launch URL printed. */
import pkg from '../package.json' with { type: 'json' };
import { closeOnSignal, startBrowserMode, startUpstream } from './launch.js';

const upstream = await startUpstream();
const host = await startBrowserMode(upstream, pkg.version);
console.log(`Vend Console (browser mode): ${host.launchUrl()}  (upstream ${upstream.url}; the address works once)`);
closeOnSignal(host.close, upstream.close);
