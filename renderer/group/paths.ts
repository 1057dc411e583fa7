/** Addresses of the customer group screens (pure). */
export const GROUPS_PATH = '/marketing/group';
export const groupPath = (groupId: number) => `/marketing/groudetale?id=${groupId}`;
export const newGroupPath = '/marketing/addgroup';
export const editGroupPath = (groupId: number) => `/marketing/addgroup?id=${groupId}`;
