/** Devices (spec §2 deviceList, devSet): each operation, and the feature file that does it. */
import { defineHandlers } from '../http/handlers.js';
import { changeChannels, channelsOf, countStock, productOptions, refillChannels } from './channels.js';
import { issueSecret } from './credentials.js';
import { deviceDetailInScope } from './queries.js';
import { deviceQrCode, devicePage, lockDevicesTo, saveDeviceSettings, saveSettingsBulk } from './devices.js';

export const deviceHandlers = defineHandlers({
  'device.page': ({ query, body }, { db, scope }) => devicePage(db, scope, query, body),
  'device.info': ({ params }, { db, scope }) => deviceDetailInScope(db, scope, params.id),
  'device.settings': ({ params, body }, { db, scope }) => saveDeviceSettings(db, scope, params.id, body),
  'device.channels': ({ params }, { db, scope }) => channelsOf(db, scope, params.id),
  'device.channelUpdate': ({ params, body }, { db, scope, user }) =>
    changeChannels(db, scope, params.id, body.numbers, body.patch, user.id),
  'device.channelRefill': ({ params, body }, { db, scope, user }) =>
    refillChannels(db, scope, params.id, body, user.id),
  'device.countStock': ({ params, body }, { db, scope, user }) =>
    countStock(db, scope, params.id, body.counts, user.id),
  'device.productOptions': ({ params, body }, { db, scope }) => productOptions(db, scope, params.id, body.keyword),
  'device.activate': ({ params }, { db, scope }) => issueSecret(db, scope, params.id),
  'device.qrcode': ({ params }, { db, scope }) => deviceQrCode(db, scope, params.id),
  'device.settingsBulk': ({ body }, { db, scope }) => saveSettingsBulk(db, scope, body),
  'device.lock': ({ body }, { db, scope, user }) => lockDevicesTo(db, scope, user.id, body),
});
