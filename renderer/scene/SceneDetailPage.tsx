/**
 * /sceneadmin/detailpage?id= (spec §2 scene detail): a scene's basics, its
 * devices with their state, and its menu tree editor.
 */
import { Badge, Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { CODE } from '../../shared/domains.js';
import { formatDateTime } from '../app/format.js';
import { useDetail } from '../app/detail.js';
import { DetailPage, InfoList } from '../kit/index.js';
import { MenuEditor } from './MenuEditor.js';
import { SCENE_LIST_PATH } from './paths.js';

const useStyles = makeStyles({
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  devices: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

export default function SceneDetailPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const {
    gate,
    data: scene,
    back,
  } = useDetail('scene.info', {
    backTo: SCENE_LIST_PATH,
    backLabel: t('scene.detail.back'),
    testId: 'scene-detail',
    notFoundCode: CODE.sceneNotFound,
    invalidId: t('scene.detail.invalidId'),
    noId: t('scene.detail.noId'),
  });
  if (gate) return gate;
  return (
    <DetailPage
      id="scene-detail"
      title={scene.name}
      titleTestId="scene-detail-name"
      back={back}
      actions={
        <Badge
          appearance="tint"
          color={scene.status === 'normal' ? 'success' : 'informative'}
          data-testid="scene-detail-status"
        >
          {t(`scene.states.${scene.status}`)}
        </Badge>
      }
    >
      <Card className={styles.card}>
        <Text weight="semibold">{t('scene.detail.info')}</Text>
        <InfoList
          items={[
            { label: t('scene.id'), value: String(scene.id) },
            { label: t('common.tenant'), value: scene.tenantName },
            { label: t('scene.notes'), value: scene.notes },
            { label: t('scene.description'), value: scene.description || '—' },
            { label: t('scene.updatedAt'), value: formatDateTime(scene.updatedAt) },
          ]}
        />
        <Text weight="semibold">{t('scene.devices')}</Text>
        <div className={styles.devices} data-testid="scene-detail-devices">
          {scene.devices.length ? (
            scene.devices.map((d) => (
              <Badge
                key={d.id}
                appearance="outline"
                color={d.online ? 'success' : 'informative'}
              >{`${d.name} · ${t(d.online ? 'device.online' : 'device.offline')}`}</Badge>
            ))
          ) : (
            <Text>{t('scene.noDevices')}</Text>
          )}
        </div>
      </Card>
      <Card className={styles.card}>
        <Text weight="semibold">{t('scene.detail.menu')}</Text>
        <MenuEditor key={`${scene.id}-${scene.updatedAt}`} scene={scene} />
      </Card>
    </DetailPage>
  );
}
