/**
 * One record of the operation log: who, when, from where, and each target's
 * fields before and after, side by side; the request as it was asked.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { formatTime } from '../../shared/format.js';
import type { OpRecordItem, OpTarget } from '../../shared/oplog/index.js';
import { useScreen } from '../kit/index.js';

const useStyles = makeStyles({
  table: { borderCollapse: 'collapse', width: '100%', tableLayout: 'fixed', marginBlockEnd: tokens.spacingVerticalM },
  cell: {
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    verticalAlign: 'top',
    overflowWrap: 'anywhere',
    textAlign: 'start',
  },
  heading: { fontWeight: tokens.fontWeightSemibold, marginBlock: tokens.spacingVerticalS },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
  },
  code: { fontFamily: tokens.fontFamilyMonospace, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 },
});

const shown = (v: unknown) => (v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

function Changes({ target }: { target: OpTarget }) {
  const { t } = useScreen();
  const styles = useStyles();
  const fields = [...new Set([...Object.keys(target.before ?? {}), ...Object.keys(target.after ?? {})])];
  return (
    <>
      <div className={styles.heading}>{`${target.entity} #${target.id}`}</div>
      {fields.length === 0 ? (
        <div>{t('oplog.noChange')}</div>
      ) : (
        <table className={styles.table} data-testid="oplog-changes">
          <thead>
            <tr>
              <th className={styles.cell}>{t('oplog.field')}</th>
              <th className={styles.cell}>{t('oplog.before')}</th>
              <th className={styles.cell}>{t('oplog.after')}</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((f) => (
              <tr key={f} data-testid="oplog-change">
                <td className={styles.cell}>{f}</td>
                <td className={styles.cell}>{shown(target.before?.[f])}</td>
                <td className={styles.cell}>{shown(target.after?.[f])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

export function RecordDialog({ record, onClose }: { record: OpRecordItem; onClose: () => void }) {
  const { t } = useScreen();
  const styles = useStyles();
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface data-testid="oplog-record">
        <DialogBody>
          <DialogTitle>{t('oplog.detailTitle', { id: record.id })}</DialogTitle>
          <DialogContent>
            <div className={styles.facts}>
              <span>{t('oplog.at')}</span>
              <span>{formatTime(record.at)}</span>
              <span>{t('oplog.who')}</span>
              <span>{`${record.username} · ${record.role}`}</span>
              <span>{t('oplog.op')}</span>
              <span>{`${t(`oplog.kinds.${record.kind}`)} · ${record.op}`}</span>
              <span>{t('oplog.result')}</span>
              <span>{record.result === 0 ? t('oplog.done') : t('oplog.refused', { code: record.result })}</span>
              <span>{t('oplog.address')}</span>
              <span>{record.address}</span>
              <span>{t('oplog.client')}</span>
              <span>{record.install}</span>
              {record.reason && (
                <>
                  <span>{t('oplog.reason')}</span>
                  <span>{record.reason}</span>
                </>
              )}
            </div>
            {record.targets.map((target) => (
              <Changes key={`${target.entity}:${target.id}`} target={target} />
            ))}
            <div className={styles.heading}>{t('oplog.request')}</div>
            <pre className={styles.code}>{JSON.stringify(record.input, null, 2)}</pre>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} data-testid="oplog-record-close">
              {t('oplog.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
