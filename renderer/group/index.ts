/** The group domain's screens (spec §2 /marketing/group, groudetale, addgroup): none yet, the marketing group still shows "not available". */
import { defineScreens } from '../manifest.js';

export const groupScreens = defineScreens({ name: 'group', screens: {} });
