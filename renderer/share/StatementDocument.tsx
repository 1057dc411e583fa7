/**
 * The statement as it prints: not the page's interactive tables (their
 * columns fit a screen, cut long text and page the days) but a document —
 * who pays whom for which month, the figures, every line whole with its rule
 * in words, the adjustments with their reasons, the total. Shown only on
 * paper (printStatement.ts), in the console's language.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { formatTime, formatYuan } from '../../shared/format.js';
import type { ShareStatementDetail } from '../../shared/share/index.js';
import { useScreen } from '../kit/index.js';
import { PRINT_AREA } from '../kit/print.js';
import { lineName, termsText } from './terms.js';

const useStyles = makeStyles({
  root: {
    display: 'none',
    '@media print': { display: 'block' },
    color: '#000',
    fontSize: '10pt',
  },
  title: { fontSize: '15pt', fontWeight: tokens.fontWeightSemibold, margin: '0 0 8pt' },
  facts: { display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: '4pt 16pt', margin: '0 0 12pt' },
  fact: { margin: 0 },
  label: { color: '#555', fontSize: '8.5pt' },
  table: { width: '100%', borderCollapse: 'collapse', margin: '0 0 12pt', breakInside: 'auto' },
  cell: { border: '0.5pt solid #999', padding: '3pt 4pt', textAlign: 'start', verticalAlign: 'top' },
  number: { border: '0.5pt solid #999', padding: '3pt 4pt', textAlign: 'end', whiteSpace: 'nowrap' },
  heading: { fontSize: '11pt', fontWeight: tokens.fontWeightSemibold, margin: '8pt 0 4pt' },
  total: { fontSize: '12pt', fontWeight: tokens.fontWeightSemibold, textAlign: 'end' },
  note: { color: '#555', fontSize: '8.5pt', margin: '0 0 6pt' },
});

export function StatementDocument({ statement: s }: { statement: ShareStatementDetail }) {
  const { t } = useScreen();
  const styles = useStyles();
  const when = (at: string | null) => (at ? formatTime(at) : '—');
  const facts: [string, string][] = [
    [t('share.statement.payer'), s.tenantName],
    [t('share.statement.party'), t(`share.parties.${s.party}`)],
    [t('share.statement.partyName'), s.partyName],
    [t('share.statement.month'), s.month],
    [t('share.statement.state'), t(`share.states.${s.state}`)],
    [t('share.statement.issuedAt'), when(s.issuedAt)],
    [t('share.statement.sales'), formatYuan(s.sales)],
    [t('share.statement.refunds'), formatYuan(s.refunds)],
    [t('share.statement.net'), formatYuan(s.net)],
  ];
  return (
    <article className={`${styles.root} ${PRINT_AREA}`} data-testid="share-statement-document">
      <h1 className={styles.title}>{t('share.statement.detailTitle', { name: s.partyName, month: s.month })}</h1>
      <dl className={styles.facts}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className={styles.label}>{label}</dt>
            <dd className={styles.fact}>{value}</dd>
          </div>
        ))}
      </dl>
      <h2 className={styles.heading}>{t('share.statement.lines')}</h2>
      <table className={styles.table}>
        <thead>
          <tr>
            {(['label', 'rule', 'period', 'days', 'sales', 'refunds', 'net', 'share'] as const).map((k) => (
              <th key={k} className={['label', 'rule', 'period'].includes(k) ? styles.cell : styles.number}>
                {t(`share.statement.${k}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {s.lines.map((l) => (
            <tr key={l.id}>
              <td className={styles.cell}>{`${t(`share.subjects.${l.subject}`)} · ${lineName(t, l)}`}</td>
              <td className={styles.cell}>{termsText(t, l)}</td>
              <td className={styles.cell}>{`${l.fromDay} – ${l.toDay}`}</td>
              <td className={styles.number}>{l.days}</td>
              <td className={styles.number}>{formatYuan(l.sales)}</td>
              <td className={styles.number}>{formatYuan(l.refunds)}</td>
              <td className={styles.number}>{formatYuan(l.net)}</td>
              <td className={styles.number}>{formatYuan(l.share)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {s.adjustmentList.length > 0 && (
        <>
          <h2 className={styles.heading}>{t('share.statement.adjustmentList')}</h2>
          <table className={styles.table}>
            <tbody>
              {s.adjustmentList.map((a) => (
                <tr key={a.id}>
                  <td className={styles.cell}>{a.reason}</td>
                  <td className={styles.cell}>{`${a.createdBy ?? '—'} · ${formatTime(a.createdAt)}`}</td>
                  <td className={styles.number}>{formatYuan(a.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <p className={styles.note}>{t('share.statement.streams')}</p>
      <p className={styles.total} data-testid="share-document-total">
        {`${t('share.statement.share')} ${formatYuan(s.share)} · ${t('share.statement.adjustments')} ${formatYuan(s.adjustments)} · ${t('share.statement.total')} ${formatYuan(s.total)}`}
      </p>
    </article>
  );
}
