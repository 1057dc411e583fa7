/** Firmware operations (shared/firmware/api.ts), each handed to the feature file that does it. */
import { defineHandlers } from '../http/handlers.js';
import { storageIn } from '../storage/index.js';
import { firmwareModels, setModules } from './modules.js';
import {
  checkPackage,
  createPackage,
  deletePackage,
  packageOf,
  packagePage,
  releasePackage,
  updatePackage,
  withdrawPackage,
} from './packages.js';
import { putPart, startUpload } from './uploads.js';
import { downloadPackage } from './download.js';
import { createRollout, eligibility, rolloutJobsPage, rolloutOf, rolloutPage } from './rollouts.js';
import { actOnRollout } from './rollout-actions.js';
import { reportStep } from './device-jobs.js';

export const firmwareHandlers = defineHandlers({
  'firmware.models': (_input, { db, scope }) => firmwareModels(db, scope),
  'firmware.setModules': ({ params, body }, { db, scope }) =>
    setModules(db, scope, params.id, body.modules, body.remotePrice),
  'firmware.page': ({ query, body }, { db, scope }) => packagePage(db, scope, query, body),
  'firmware.info': ({ params }, { db, scope }) => packageOf(db, scope, params.id),
  'firmware.uploadStart': async ({ body }, { db, user }) => {
    if (body.package) await checkPackage(db, body.package);
    return startUpload(db, user, body);
  },
  'firmware.uploadPart': ({ params, body }, { db, user }) => putPart(db, user, params.id, params.part, body),
  'firmware.create': ({ body }, { db, user, scope, request }) =>
    createPackage(db, storageIn(request.routeOptions.config), user, scope, body),
  'firmware.update': ({ params, body }, { db, scope }) => updatePackage(db, scope, params.id, body),
  'firmware.release': ({ params }, { db, scope }) => releasePackage(db, scope, params.id),
  'firmware.withdraw': ({ params }, { db, scope }) => withdrawPackage(db, scope, params.id),
  'firmware.delete': ({ params }, { db, request }) =>
    deletePackage(db, storageIn(request.routeOptions.config), params.id),
  'firmware.download': ({ params }, { db, device, request, reply }) =>
    downloadPackage(db, storageIn(request.routeOptions.config), device.id, params.id, request, reply),
  'firmware.report': ({ params, body }, { db, device }) => reportStep(db, device.id, params.id, body),
  'firmware.eligibility': ({ body }, { db, user, scope }) => eligibility(db, user, scope, body),
  'firmware.rolloutCreate': ({ body }, { db, user, scope }) => createRollout(db, user, scope, body),
  'firmware.rolloutPage': ({ query, body }, { db, scope }) => rolloutPage(db, scope, query, body),
  'firmware.rolloutInfo': ({ params }, { db, user, scope }) => rolloutOf(db, scope, params.id, user.id),
  'firmware.rolloutJobs': ({ params, query, body }, { db, scope }) =>
    rolloutJobsPage(db, scope, params.id, query, body),
  'firmware.rolloutAct': ({ params, body }, { db, user, scope }) =>
    actOnRollout(db, user, scope, params.id, body.action),
});
