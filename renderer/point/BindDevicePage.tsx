/** /pointMent/bindDevice?id= (spec §2 bindDevice): bind and unbind a point's devices. */
import { Button, Card, makeStyles, MessageBar, MessageBarBody, Title3, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useOp } from '../bridge.js';
import { PageSpinner } from '../app/pages.js';
import { HOME } from '../app/paths.js';
import { can, useUser } from '../app/session.js';
import { BoundDevices } from './BoundDevices.js';
import { FreeDevices } from './FreeDevices.js';
import { pointIdOf } from './paths.js';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  info: { margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS },
  label: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0 },
});

export default function BindDevicePage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const user = useUser();
  const [params] = useSearchParams();
  const id = pointIdOf(params.get('id'));
  const info = useOp('point.info', { params: { id: id ?? 0 } }, { enabled: id !== undefined });
  const point = info.data;
  const canBind = can(user, '3-2');

  const back = (
    <Button icon={<ArrowLeftRegular />} onClick={() => navigate(HOME)} data-testid="back-to-points">{t('common.back')}</Button>
  );

  if (id === undefined || info.isError) {
    return (
      <section className={styles.page}>
        <div className={styles.head}>{back}</div>
        <MessageBar intent="warning"><MessageBarBody>{t(id === undefined ? 'bind.noPoint' : 'common.tryLater')}</MessageBarBody></MessageBar>
      </section>
    );
  }
  if (!point) return <PageSpinner />;

  return (
    <section className={styles.page} aria-labelledby="bind-title">
      <div className={styles.head}>
        {back}
        <Title3 as="h1" id="bind-title">{t('route.bindDevice')}</Title3>
      </div>
      <Card aria-label={t('bind.pointInfo')} data-testid="bind-point">
        <dl className={styles.info}>
          <dt className={styles.label}>{t('point.name')}</dt><dd className={styles.value} data-testid="bind-point-name">{point.name}</dd>
          <dt className={styles.label}>{t('point.area')}</dt><dd className={styles.value}>{point.area}</dd>
          <dt className={styles.label}>{t('point.address')}</dt><dd className={styles.value}>{point.address}</dd>
        </dl>
      </Card>
      <BoundDevices point={point} loading={info.isFetching} canBind={canBind} />
      {canBind && <FreeDevices point={point} />}
    </section>
  );
}
