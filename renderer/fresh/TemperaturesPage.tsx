/**
 * /freshFood/temperatures (beyond spec §2; docs/domains/fresh.md#temperature):
 * the temperature board — the fridges with their last reading and state,
 * the excursions and their acknowledgements, and the tenant's rules — three
 * views of one screen (`?view=excursions`, `?view=rules`), so the list keeps
 * its route and a reload keeps the view.
 */
import { Tab, TabList } from '@fluentui/react-components';
import { useContext } from 'react';
import { useSearchParams } from 'react-router';
import { UserContext } from '../app/session.js';
import { ListPage, useScreen } from '../kit/index.js';
import { ColdRulesPanel } from './ColdRulesPanel.js';
import { ExcursionsPanel } from './ExcursionsPanel.js';
import { FridgesPanel } from './FridgesPanel.js';

const VIEWS = ['fridges', 'excursions', 'rules'] as const;
type View = (typeof VIEWS)[number];

export default function TemperaturesPage() {
  const { t } = useScreen();
  const user = useContext(UserContext)!;
  const [params, setParams] = useSearchParams();
  // The rules are a tenant's: a member does not set them (the operations are the admin's and the tenants').
  const views = VIEWS.filter((v) => v !== 'rules' || user.roleKind !== 'member');
  const asked = params.get('view') as View | null;
  const view: View = asked && views.includes(asked) ? asked : 'fridges';
  return (
    <ListPage id="fresh-cold-title" title={t('fresh.cold.title')}>
      <TabList
        selectedValue={view}
        data-testid="fresh-cold-views"
        onTabSelect={(_, d) => setParams(d.value === 'fridges' ? {} : { view: String(d.value) }, { replace: true })}
      >
        {views.map((v) => (
          <Tab key={v} value={v} data-testid={`fresh-cold-view-${v}`}>
            {t(`fresh.cold.tabs.${v}`)}
          </Tab>
        ))}
      </TabList>
      {view === 'excursions' ? <ExcursionsPanel /> : view === 'rules' ? <ColdRulesPanel /> : <FridgesPanel />}
    </ListPage>
  );
}
