/** The fresh food operations (shared/fresh/api.ts), each handed to its feature file. */
import { defineHandlers } from '../http/handlers.js';
import { batchPage, exportBatches } from './batches.js';
import { reportTemperatures } from './cold.js';
import { coldRuleList, deleteColdRule, saveColdRule } from './cold-rules.js';
import { acknowledgeExcursion, excursionPage, fridgeDay, fridgePage } from './excursions.js';
import { temperatureLog } from './log.js';
import { decideQuarantine, quarantinePage } from './quarantine.js';
import { deleteMarkdown, markdownList, saveMarkdown } from './markdowns.js';
import { removeBatch, wastePage } from './waste.js';
import { exportShrink, shrinkPage, shrinkTotal } from './shrink.js';
import { exportQuarantine, exportWaste } from './exports.js';
import { closeDoor, openDoor } from './doors.js';
import { markdownPushOf, pushMarkdowns, reportMarkdowns } from './markdown-push.js';
import {
  cardPage,
  doorFridges,
  doorSettingsOf,
  hostSheet,
  openingPage,
  saveDoorSettings,
  unblockCard,
} from './door-reports.js';

export const freshHandlers = defineHandlers({
  'fresh.batches': ({ query, body }, { db, scope }) => batchPage(db, scope, query, body),
  'fresh.export': ({ query, body }, { db, scope }) => exportBatches(db, scope, body, query.lang),
  'fresh.markdowns': ({ body }, { db, user, scope }) => markdownList(db, user, scope, body.tenantId),
  'fresh.saveMarkdown': ({ body }, { db, user, scope }) => saveMarkdown(db, user, scope, body),
  'fresh.deleteMarkdown': ({ params }, { db, scope }) => deleteMarkdown(db, scope, params.id),
  'fresh.removeBatch': ({ params, body }, { db, scope, user }) =>
    removeBatch(db, scope, params.id, body.reason, user.id),
  'fresh.waste': ({ query, body }, { db, scope }) => wastePage(db, scope, query, body),
  'fresh.wasteExport': ({ query, body }, { db, scope }) => exportWaste(db, scope, body, query.lang),
  'fresh.quarantineExport': ({ query, body }, { db, scope }) => exportQuarantine(db, scope, body, query.lang),
  'fresh.shrink': ({ query, body }, { db, scope }) => shrinkPage(db, scope, query, body),
  'fresh.shrinkTotal': ({ body }, { db, scope }) => shrinkTotal(db, scope, body),
  'fresh.shrinkExport': ({ query, body }, { db, scope }) => exportShrink(db, scope, body, query.lang),
  'fresh.pushMarkdowns': ({ body }, { db, user, scope }) => pushMarkdowns(db, user, scope, body),
  'fresh.markdownPush': ({ params }, { db, scope }) => markdownPushOf(db, scope, params.id),
  'fresh.markdownReport': ({ params, body }, { db, device }) => reportMarkdowns(db, device.id, params.id, body),
  'fresh.doorOpen': ({ body }, { db, device }) => openDoor(db, device, body),
  'fresh.doorClose': ({ body }, { db, device }) => closeDoor(db, device, body),
  'fresh.doorOpenings': ({ query, body }, { db, scope }) => openingPage(db, scope, query, body),
  'fresh.doorFridges': (_, { db, scope }) => doorFridges(db, scope),
  'fresh.cards': ({ query, body }, { db, scope }) => cardPage(db, scope, query, body),
  'fresh.unblockCard': ({ params }, { db, scope, user }) => unblockCard(db, scope, params.id, user.id),
  'fresh.doorSettings': ({ body }, { db, user, scope }) => doorSettingsOf(db, user, scope, body.tenantId),
  'fresh.saveDoorSettings': ({ body }, { db, user, scope }) => saveDoorSettings(db, user, scope, body),
  'fresh.hostSheet': ({ query, body }, { db, scope }) => hostSheet(db, scope, body, query.lang),
  'fresh.temperatureReport': ({ body }, { db, device }) => reportTemperatures(db, device, body.readings),
  'fresh.fridges': ({ query, body }, { db, scope }) => fridgePage(db, scope, query, body),
  'fresh.fridgeDay': ({ params, query }, { db, scope }) => fridgeDay(db, scope, params.id, query.day),
  'fresh.temperatureLog': ({ params, query, body }, { db, scope }) =>
    temperatureLog(db, scope, params.id, body.day, query.lang),
  'fresh.excursions': ({ query, body }, { db, scope }) => excursionPage(db, scope, query, body),
  'fresh.acknowledgeExcursion': ({ params, body }, { db, scope, user }) =>
    acknowledgeExcursion(db, scope, params.id, body, user.id),
  'fresh.coldRules': ({ body }, { db, user, scope }) => coldRuleList(db, user, scope, body.tenantId),
  'fresh.saveColdRule': ({ body }, { db, user, scope }) => saveColdRule(db, user, scope, body),
  'fresh.deleteColdRule': ({ params }, { db, scope }) => deleteColdRule(db, scope, params.id),
  'fresh.quarantine': ({ query, body }, { db, scope }) => quarantinePage(db, scope, query, body),
  'fresh.decideQuarantine': ({ params, body }, { db, scope, user }) =>
    decideQuarantine(db, scope, params.id, body.approve, user.id),
});
