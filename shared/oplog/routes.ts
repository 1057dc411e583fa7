/**
 * The operation log's screen: beyond spec §2's route list
 * (docs/departures.md), a menu entry of its own after the books, for the
 * system admin and the tenants, and for members by their own code, 10-1.
 */
import { codes, single, view } from '../routes/define.js';

export const oplogRoutes = [
  single(107, view('/oplog', 'Oplog', 'oplog.route.oplog', { icon: 'oplog', ...codes('10-1') })),
];
