/**
 * /freshFood/doors (beyond spec §2; docs/domains/fresh-shrink.md#doors): a smart
 * fridge's door openings with what they paid, the cards declined and
 * blocked, and the tenant's door rules — three views of one screen
 * (`?view=cards`, `?view=settings`), as the temperature board is.
 */
import { Tab, TabList } from '@fluentui/react-components';
import { useSearchParams } from 'react-router';
import { ListPage, useScreen } from '../kit/index.js';
import { CardsPanel } from './CardsPanel.js';
import { DoorRulesPanel } from './DoorRulesPanel.js';
import { OpeningsPanel } from './OpeningsPanel.js';

const VIEWS = ['openings', 'cards', 'settings'] as const;
type View = (typeof VIEWS)[number];

export default function DoorsPage() {
  const { t, user } = useScreen();
  const [params, setParams] = useSearchParams();
  // The rules are a tenant's: a member does not set them (the operations are the admin's and the tenants').
  const views = VIEWS.filter((v) => v !== 'settings' || user.roleKind !== 'member');
  const asked = params.get('view') as View | null;
  const view: View = asked && views.includes(asked) ? asked : 'openings';
  return (
    <ListPage id="fresh-doors-title" title={t('fresh.doors.title')}>
      <TabList
        selectedValue={view}
        data-testid="fresh-doors-views"
        onTabSelect={(_, d) => setParams(d.value === 'openings' ? {} : { view: String(d.value) }, { replace: true })}
      >
        {views.map((v) => (
          <Tab key={v} value={v} data-testid={`fresh-doors-view-${v}`}>
            {t(`fresh.doors.views.${v}`)}
          </Tab>
        ))}
      </TabList>
      {view === 'cards' ? <CardsPanel /> : view === 'settings' ? <DoorRulesPanel /> : <OpeningsPanel />}
    </ListPage>
  );
}
