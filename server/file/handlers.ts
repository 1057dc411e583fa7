/** Files (spec §5 images): each operation, and the feature file that does it. */
import { FILE_CACHE_CONTROL } from '../../shared/file/index.js';
import { defineHandlers } from '../http/handlers.js';
import { storageIn } from '../storage/index.js';
import { fileContent, uploadImage } from './files.js';

export const fileHandlers = defineHandlers({
  'file.upload': ({ body }, { db, user, request }) =>
    uploadImage(db, storageIn(request.routeOptions.config), user, body.data),
  'file.content': async ({ params }, { db, scope, request, reply }) => {
    const content = await fileContent(db, storageIn(request.routeOptions.config), scope, params.id);
    // Only a file served is cached: a refusal must not stick.
    reply.header('cache-control', FILE_CACHE_CONTROL);
    return content;
  },
});
