/** The scene domain on the upstream: scene linkage of a tenant's devices (spec §2 /sceneadmin). */
import { provide } from '../../shared/ports.js';
import { scenePlaces as scenePlacesPort } from '../device/index.js';
import { defineServerDomain } from '../manifest.js';
import { scenePlaces } from './queries.js';
import { sceneDemo } from './demo.js';
import { sceneHandlers } from './handlers.js';
import { scenes } from './schema.js';

export { scenes, sceneDevices } from './schema.js';

export const sceneServer = defineServerDomain({
  name: 'scene',
  handlers: sceneHandlers,
  demo: sceneDemo,
  // A push to a scene reaches its devices (the device domain resolves a push's target).
  provides: [provide(scenePlacesPort, scenePlaces)],
  owns: { scene: { id: scenes.id, tenantId: scenes.tenantId, labels: [scenes.name, scenes.notes] } },
});
