/** The file domain on the upstream: uploads checked by content, stored by hash, served within scope. */
import { defineServerDomain } from '../manifest.js';
import { fileHandlers } from './handlers.js';

export { grantFiles, storeFile, unheldFiles } from './files.js';
export { files, fileGrants } from './schema.js';

export const fileServer = defineServerDomain({
  name: 'file',
  handlers: fileHandlers,
  // The storage reaches the handlers through their route config, where the app's settings put it.
  routeConfig: (settings) => ({
    'file.upload': { storage: settings.storage },
    'file.content': { storage: settings.storage },
  }),
});
