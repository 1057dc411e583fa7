/** The point domain on the upstream (spec §5 point rules): points, and binding devices to them. */
import { provide } from '../../shared/ports.js';
import { devicePoint as devicePointPort, pointPlaces as pointPlacesPort } from '../device/index.js';
import { defineServerDomain } from '../manifest.js';
import { pointPlaces } from './binding.js';
import { pointDemo } from './demo.js';
import { pointHandlers } from './handlers.js';
import { points } from './schema.js';
import { pointPorts } from './ports.js';
import { devicePoint } from './queries.js';
export { pointStaff } from './ports.js';

export { DEMO_POINTS, type PointKey } from './demo.js';
export { points } from './schema.js';

export const pointServer = defineServerDomain({
  name: 'point',
  ports: pointPorts,
  handlers: pointHandlers,
  demo: pointDemo,
  // A push to a point reaches its devices (the device domain resolves a push's target); a device's lists name its
  // point.
  provides: [provide(pointPlacesPort, pointPlaces), provide(devicePointPort, devicePoint)],
  owns: { point: { id: points.id, tenantId: points.tenantId, labels: [points.name, points.address] } },
});
