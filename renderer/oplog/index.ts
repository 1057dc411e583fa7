/** The operation log's screen (docs/domains/oplog.md). */
import { defineScreens, preloadable } from '../manifest.js';

export const oplogScreens = defineScreens({
  name: 'oplog',
  screens: {
    Oplog: preloadable(() => import('./OplogPage.js')),
  },
});

export { HistoryDialog, HistoryPanel, type HistoryPanelProps } from './HistoryPanel.js';
