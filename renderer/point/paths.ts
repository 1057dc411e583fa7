import { idOfQuery } from '../app/paths.js';

/** The bind screen's address (pure). */
export const bindDevicePath = (pointId: number) => `/pointMent/bindDevice?id=${pointId}`;

/** The point id of the query string, when it is one. */
export const pointIdOf = idOfQuery;
