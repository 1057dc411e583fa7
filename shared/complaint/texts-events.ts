/**
 * Texts of a complaint's live events (shared/complaint/events.ts), apart from
 * the domain's catalogue: the notification runs in the first bundle, which
 * must not carry the complaint screens' texts for it. `{{number}}` the
 * complaint's, `{{device}}` its device.
 */
import { defineTexts } from '../i18n/define.js';

export const complaintEventTexts = defineTexts(
  { created: '新投诉 {{number}}（{{device}}）' },
  {
    'zh-TW': { created: '新投訴 {{number}}（{{device}}）' },
    en: { created: 'New complaint {{number}} ({{device}})' },
  },
);
