/** The operation log's screen (docs/domains/oplog.md). */
import { lazy } from 'react';
import { defineScreens } from '../manifest.js';

export const oplogScreens = defineScreens({
  name: 'oplog',
  screens: {
    Oplog: lazy(() => import('./OplogPage.js')),
  },
});

export { HistoryDialog, HistoryPanel, type HistoryPanelProps } from './HistoryPanel.js';
