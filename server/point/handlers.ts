/** Points (spec §2 pointMent, §5): each operation, and the feature file that does it. */
import { defineHandlers } from '../http/handlers.js';
import { bindDevices, unbindDevices } from './binding.js';
import { createPoint, deletePoint, pointInfo, pointPage, updatePoint } from './points.js';

export const pointHandlers = defineHandlers({
  'point.page': ({ query, body }, { db, scope }) => pointPage(db, scope, query, body),
  'point.info': ({ params }, { db, scope }) => pointInfo(db, scope, params.id),
  'point.create': ({ body }, { db, user, scope }) => createPoint(db, user, scope, body),
  'point.update': ({ params, body }, { db, scope }) => updatePoint(db, scope, params.id, body),
  'point.delete': ({ params }, { db, scope }) => deletePoint(db, scope, params.id),
  'point.bind': ({ params, body }, { db, scope }) => bindDevices(db, scope, params.id, body.deviceIds),
  'point.unbind': ({ params, body }, { db, scope }) => unbindDevices(db, scope, params.id, body.deviceIds),
});
