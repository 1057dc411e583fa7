/** Every domain's handlers, keyed by operation name; a new domain adds its map here. */
import type { Handlers } from './http/handlers.js';
import { accountHandlers } from './account/routes.js';
import { tenantHandlers } from './tenant/routes.js';
import { staffHandlers } from './staff/routes.js';
import { deviceHandlers } from './device/routes.js';
import { pointHandlers } from './point/routes.js';

export const handlers: Handlers = {
  ...accountHandlers,
  ...tenantHandlers,
  ...staffHandlers,
  ...deviceHandlers,
  ...pointHandlers,
};
