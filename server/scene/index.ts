/** The scene domain on the upstream: scene linkage of a tenant's devices (spec §2 /sceneadmin). */
import { defineServerDomain } from '../manifest.js';
import { sceneDemo } from './demo.js';
import { sceneHandlers } from './handlers.js';
import { scenes } from './schema.js';

export { scenes, sceneDevices } from './schema.js';

export const sceneServer = defineServerDomain({
  name: 'scene',
  handlers: sceneHandlers,
  demo: sceneDemo,
  owns: { scene: { id: scenes.id, tenantId: scenes.tenantId, labels: [scenes.name, scenes.notes] } },
});
