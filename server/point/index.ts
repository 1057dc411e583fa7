/** The point domain on the upstream (spec §5 point rules): points, and binding devices to them. */
import { defineServerDomain } from '../manifest.js';
import { pointDemo } from './demo.js';
import { pointHandlers } from './handlers.js';
import { points } from './schema.js';
import { pointPorts } from './ports.js';
export { pointStaff } from './ports.js';

export { DEMO_POINTS, type PointKey } from './demo.js';
export { points } from './schema.js';

export const pointServer = defineServerDomain({
  name: 'point',
  ports: pointPorts,
  handlers: pointHandlers,
  demo: pointDemo,
  owns: { point: { id: points.id, tenantId: points.tenantId, labels: [points.name, points.address] } },
});
