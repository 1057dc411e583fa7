/** Addresses of the activity screens (pure). */
import type { ActivityType } from '../../shared/activity/index.js';

export const ACTIVITIES_PATH = '/marketing/scene';
export const activityPath = (id: number) => `/marketing/scenedeatil?id=${id}`;
export const chooseTypePath = '/marketing/create';
export const newActivityPath = (type: ActivityType) => `/marketing/adddiscount?type=${type}`;
export const editActivityPath = (id: number) => `/marketing/adddiscount?id=${id}`;
