/**
 * /memberCenter/storedValue (stored value, beyond spec §2: docs/domains/wallet.md): a tenant's wallet settings
 * — which part a spend draws on first, the cap —, its top-up bonus tiers in force and to come, and the monthly
 * liability report with its export; the member grades (GradesPanel.tsx); and balances imported from the operator's old prepaid cards. The admin and a first-level tenant choose the tenant (a second-level one
 * shows its parent's where it has none of its own); the report covers every tenant of the caller's unless one
 * is chosen.
 */
import { Button, makeStyles, MessageBar, MessageBarBody, Text, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { formatYuan } from '../../shared/format.js';
import type { TierSet } from '../../shared/wallet/index.js';
import { useOp } from '../bridge.js';
import { InfoList, ListHead, OwnerTenantField, useOwnerTenant, useScreen } from '../kit/index.js';
import { GradesPanel } from './GradesPanel.js';
import { LiabilityPanel } from './LiabilityPanel.js';
import { SettingsDialog } from './SettingsDialog.js';
import { TierSetDialog } from './TierSetDialog.js';
import { WalletImportDialog } from './WalletImportDialog.js';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '1100px' },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  tenant: { minWidth: '240px', maxWidth: '100%' },
  sets: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL },
});

/** A tier set as one line: "from 2026-12-01: pay ¥50.00, get ¥3.00; pay ¥100.00, get ¥10.00". */
function useTierText() {
  const { t } = useScreen();
  return (set: TierSet) =>
    set.tiers.length
      ? set.tiers
          .map((x) => t('wallet.tiers.tier', { pay: formatYuan(x.pay), bonus: formatYuan(x.bonus) }))
          .join(t('common.listSeparator'))
      : t('wallet.tiers.none');
}

export default function StoredValuePage() {
  const { t } = useScreen();
  const styles = useStyles();
  const owner = useOwnerTenant();
  const { tenantId, ready } = owner;
  const [editing, setEditing] = useState<'settings' | 'tiers' | 'import'>();
  const settings = useOp('wallet.settings', { body: tenantId === undefined ? {} : { tenantId } }, { enabled: ready });
  const tierText = useTierText();
  const s = settings.data;

  return (
    <section className={styles.page} aria-labelledby="stored-value-title">
      <ListHead id="stored-value-title" title={t('wallet.route.storedValue')}>
        <OwnerTenantField
          owner={owner}
          choose={t('wallet.chooseTenant')}
          own={t('wallet.ownTenant')}
          testId="stored-value-tenant"
          className={styles.tenant}
        />
      </ListHead>
      {!ready && (
        <MessageBar>
          <MessageBarBody>{t('wallet.chooseTenantFirst')}</MessageBarBody>
        </MessageBar>
      )}
      {s && (
        <div className={styles.section}>
          <ListHead id="stored-value-settings" title={t('wallet.settings.title')} as="h2">
            <Button onClick={() => setEditing('import')} data-testid="stored-value-import">
              {t('wallet.importing.open')}
            </Button>
            <Button onClick={() => setEditing('settings')} data-testid="stored-value-edit">
              {t('wallet.settings.edit')}
            </Button>
          </ListHead>
          <InfoList
            items={[
              {
                label: t('wallet.spendOrder'),
                value: t(`wallet.spendOrders.${s.spendOrder}`),
                testId: 'stored-value-spend-order',
              },
              { label: t('wallet.settings.cap'), value: formatYuan(s.capFen), testId: 'stored-value-cap' },
              {
                label: t('wallet.points.title'),
                value:
                  s.pointsPerYuan === null
                    ? t('wallet.points.off')
                    : t('wallet.points.rule', { points: s.pointsPerYuan, percent: s.pointsMaxPercent }),
                testId: 'stored-value-points',
              },
              {
                label: t('wallet.settings.source'),
                value: t(s.inherited ? 'wallet.settings.inherited' : 'wallet.settings.own'),
              },
            ]}
          />
          <ListHead id="stored-value-tiers" title={t('wallet.tiers.title')} as="h2">
            <Button onClick={() => setEditing('tiers')} data-testid="stored-value-new-tiers">
              {t('wallet.tiers.new')}
            </Button>
          </ListHead>
          {s.tierSets.length ? (
            <ul className={styles.sets} data-testid="stored-value-tier-sets">
              {s.tierSets.map((set) => (
                <li key={set.fromDay} data-testid="stored-value-tier-set">
                  <Text weight="semibold">{t('wallet.tiers.from', { day: set.fromDay })}</Text> {tierText(set)}
                </li>
              ))}
            </ul>
          ) : (
            <Text data-testid="stored-value-no-tiers">{t('wallet.tiers.empty')}</Text>
          )}
          {s.tiersInherited && <Text size={200}>{t('wallet.tiers.inherited')}</Text>}
        </div>
      )}
      {ready && <GradesPanel tenantId={tenantId} />}
      <LiabilityPanel tenantId={tenantId} />
      {editing === 'settings' && s && (
        <SettingsDialog settings={s} tenantId={tenantId} onClose={() => setEditing(undefined)} />
      )}
      {editing === 'tiers' && s && <TierSetDialog tenantId={tenantId} onClose={() => setEditing(undefined)} />}
      {editing === 'import' && <WalletImportDialog tenantId={tenantId} onClose={() => setEditing(undefined)} />}
    </section>
  );
}
