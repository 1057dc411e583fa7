/** Addresses of the staff screens (pure). */
export const ROLES_PATH = '/atManagement/peopleadmin';
export const ADD_ROLE_PATH = '/atManagement/addpeople';
export const editRolePath = (roleId: number) => `${ADD_ROLE_PATH}?id=${roleId}`;
