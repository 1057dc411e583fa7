/** The wallet domain's operations (shared/wallet/api.ts). */
import { defineHandlers } from '../http/handlers.js';
import { owningTenant } from '../tenant/index.js';
import { liability } from './liability.js';
import { saveSettings, setTiers, settingsInfo } from './settings.js';
import { walletOf } from './wallets.js';

export const walletHandlers = defineHandlers({
  'wallet.info': ({ params, query }, { db, scope }) => walletOf(db, scope, params.id, query),
  'wallet.liability': ({ body }, { db, scope }) => liability(db, scope, body),
  'wallet.settings': async ({ body }, { db, user, scope }) =>
    settingsInfo(db, await owningTenant(db, user, scope, body.tenantId)),
  'wallet.saveSettings': async ({ body: { tenantId, ...input } }, { db, user, scope }) =>
    saveSettings(db, await owningTenant(db, user, scope, tenantId), input),
  'wallet.setTiers': async ({ body: { tenantId, ...input } }, { db, user, scope }) =>
    setTiers(db, await owningTenant(db, user, scope, tenantId), user.id, input),
});
