/** The wallet domain's operations (shared/wallet/api.ts). */
import { defineHandlers } from '../http/handlers.js';
import { storageIn } from '../storage/index.js';
import { owningTenant } from '../tenant/index.js';
import { askGiveBack, giveBackOf, myGiveBack } from './giveBacks.js';
import { queueWalletImport, walletImportOf, walletImportReport, walletTemplate } from './import.js';
import { liability } from './liability.js';
import { saveSettings, setTiers, settingsInfo } from './settings.js';
import { askTopUp, memberInScope, myTopUp, topUpOf } from './topups.js';
import { myWallet, walletOf } from './wallets.js';

export const walletHandlers = defineHandlers({
  'wallet.info': ({ params, query }, { db, scope }) => walletOf(db, scope, params.id, query),
  'wallet.liability': ({ body }, { db, scope }) => liability(db, scope, body),
  'wallet.settings': async ({ body }, { db, user, scope }) =>
    settingsInfo(db, await owningTenant(db, user, scope, body.tenantId)),
  'wallet.saveSettings': async ({ body: { tenantId, ...input } }, { db, user, scope }) =>
    saveSettings(db, await owningTenant(db, user, scope, tenantId), input),
  'wallet.setTiers': async ({ body: { tenantId, ...input } }, { db, user, scope }) =>
    setTiers(db, await owningTenant(db, user, scope, tenantId), user.id, input),
  'wallet.topUp': async ({ body: { memberId, ...input } }, { db, user, scope }) => {
    const member = await memberInScope(db, scope, memberId);
    return askTopUp(db, { memberId, tenantId: member.tenantId, userId: user.id }, input);
  },
  'wallet.topUpOf': ({ params }, { db, scope }) => topUpOf(db, scope, params.id),
  'wallet.mine': ({ query }, { db, member }) => myWallet(db, member.id, query),
  'wallet.myTopUp': ({ body }, { db, member }) =>
    askTopUp(db, { memberId: member.id, tenantId: member.tenantId, userId: null }, body),
  'wallet.myTopUpOf': ({ params }, { db, member }) => myTopUp(db, member.id, params.number),
  'wallet.giveBack': async ({ body }, { db, user, scope }) => {
    const member = await memberInScope(db, scope, body.memberId);
    return askGiveBack(db, { memberId: member.id, tenantId: member.tenantId, userId: user.id }, body.reason);
  },
  'wallet.giveBackOf': ({ params }, { db, scope }) => giveBackOf(db, scope, params.id),
  'wallet.myGiveBack': ({ body }, { db, member }) =>
    askGiveBack(db, { memberId: member.id, tenantId: member.tenantId, userId: null }, body.reason || null),
  'wallet.myGiveBackOf': ({ params }, { db, member }) => myGiveBack(db, member.id, params.number),
  'wallet.import': async ({ query: { tenantId, ...query }, body }, { db, user, scope, request }) =>
    queueWalletImport(db, storageIn(request.routeOptions.config), user, await owningTenant(db, user, scope, tenantId), {
      ...query,
      ...body,
    }),
  'wallet.importStatus': ({ params }, { db, user }) => walletImportOf(db, user, params.id),
  'wallet.importReport': ({ params }, { db, user, request }) =>
    walletImportReport(db, storageIn(request.routeOptions.config), user, params.id),
  'wallet.importTemplate': ({ query }) => walletTemplate(query.lang),
});
