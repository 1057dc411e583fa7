/**
 * /pointMent/bindDevice?id= (spec §2 bindDevice): bind and unbind a point's devices.
 * Says what is wrong with the address instead of "try again later": no id,
 * an id that is not one, a point that does not exist or is not the user's
 * (the upstream answers both with 1410); only a failed load offers a retry.
 */
import { Button, Card, makeStyles, Title3, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { useSearchParams } from 'react-router';
import { CODE } from '../../shared/domains.js';
import { useOp } from '../bridge.js';
import { codeMessage } from '../app/errors.js';
import { PageProblem, PageSpinner } from '../app/pages.js';
import { HOME } from '../app/paths.js';
import { can } from '../app/session.js';
import { BoundDevices } from './BoundDevices.js';
import { FreeDevices } from './FreeDevices.js';
import { isPointGone } from './gone.js';
import { pointIdOf } from './paths.js';
import { useScreen } from '../kit/index.js';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  info: {
    margin: 0,
    display: 'grid',
    gridTemplateColumns: 'max-content minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
  },
  label: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere' },
});

export default function BindDevicePage() {
  const { t, user, navigate } = useScreen();
  const styles = useStyles();
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = pointIdOf(raw);
  const info = useOp('point.info', { params: { id: id ?? 0 } }, { enabled: id !== undefined });
  const point = info.data;
  const canBind = can(user, '3-2');

  const back = (
    <Button icon={<ArrowLeftRegular />} onClick={() => navigate(HOME)} data-testid="back-to-points">
      {t('common.back')}
    </Button>
  );
  const problem = (text: string, intent: 'warning' | 'error' = 'warning', retry?: () => void) => (
    <PageProblem back={back} text={text} intent={intent} onRetry={retry} testId="bind" />
  );

  if (raw === null || raw === '') return problem(t('point.binding.noPoint'), 'warning');
  if (id === undefined) return problem(t('point.binding.invalidId'), 'warning');
  if (info.isError && !info.isFetching) {
    return isPointGone(info.error)
      ? problem(codeMessage(CODE.pointNotFound), 'warning')
      : problem(t('common.loadFailed'), 'error', () => void info.refetch());
  }
  if (!point) return <PageSpinner />;

  return (
    <section className={styles.page} aria-labelledby="bind-title">
      <div className={styles.head}>
        {back}
        <Title3 as="h1" id="bind-title">
          {t('point.route.bindDevice')}
        </Title3>
      </div>
      <Card aria-label={t('point.binding.pointInfo')} data-testid="bind-point">
        <dl className={styles.info}>
          <dt className={styles.label}>{t('point.name')}</dt>
          <dd className={styles.value} data-testid="bind-point-name">
            {point.name}
          </dd>
          <dt className={styles.label}>{t('point.area')}</dt>
          <dd className={styles.value}>{point.area}</dd>
          <dt className={styles.label}>{t('point.address')}</dt>
          <dd className={styles.value}>{point.address}</dd>
          <dt className={styles.label}>{t('point.storeStaff')}</dt>
          <dd className={styles.value} data-testid="bind-point-staff">
            {point.staff.length
              ? point.staff.map((m) => m.name).join(t('common.listSeparator'))
              : t('point.noStoreStaff')}
          </dd>
        </dl>
      </Card>
      <BoundDevices point={point} loading={info.isFetching} canBind={canBind} />
      {canBind && <FreeDevices point={point} />}
    </section>
  );
}
