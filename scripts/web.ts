/** `npm run web`: browser mode — the upstream and the console host, URL printed. */
import pkg from '../package.json' with { type: 'json' };
import { closeOnSignal, startBrowserMode, startUpstream } from './launch.js';

const upstream = await startUpstream();
const host = await startBrowserMode(upstream, pkg.version);
console.log(`Vend Console (browser mode): ${host.url}  (upstream ${upstream.url})`);
closeOnSignal(host.close, upstream.close);
