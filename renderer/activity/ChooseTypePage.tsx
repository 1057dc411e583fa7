/**
 * /marketing/create (hidden, spec §2 create activity): the five types, each
 * with what it does; choosing one opens its form (adddiscount), which asks
 * only for that type's fields.
 */
import { Button, Card, CardHeader, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { ACTIVITY_TYPES } from '../../shared/activity/index.js';
import { DetailPage, useScreen } from '../kit/index.js';
import { ACTIVITIES_PATH, newActivityPath } from './paths.js';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
    gap: tokens.spacingHorizontalM,
    maxWidth: '960px',
  },
  hint: { color: tokens.colorNeutralForeground2 },
});

export default function ChooseTypePage() {
  const { t, navigate } = useScreen();
  const styles = useStyles();
  return (
    <DetailPage
      id="activity-types"
      title={t('activity.chooseType')}
      back={
        <Button
          icon={<ArrowLeftRegular />}
          onClick={() => void navigate(ACTIVITIES_PATH)}
          data-testid="activity-types-back"
        >
          {t('common.back')}
        </Button>
      }
      titleTestId="activity-types-title"
    >
      <div className={styles.grid} data-testid="activity-types">
        {ACTIVITY_TYPES.map((type) => (
          <Card key={type} data-testid={`activity-type-${type}`}>
            <CardHeader header={<Text weight="semibold">{t(`activity.types.${type}`)}</Text>} />
            <Text className={styles.hint}>{t(`activity.typeHints.${type}`)}</Text>
            <Button
              appearance="primary"
              onClick={() => void navigate(newActivityPath(type))}
              data-testid={`activity-choose-${type}`}
            >
              {t('activity.create')}
            </Button>
          </Card>
        ))}
      </div>
    </DetailPage>
  );
}
