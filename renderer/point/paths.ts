/** The bind screen's address (pure). */
export const bindDevicePath = (pointId: number) => `/pointMent/bindDevice?id=${pointId}`;

/** The point id of the query string, when it is one. */
export function pointIdOf(raw: string | null): number | undefined {
  if (!raw || !/^\d+$/.test(raw)) return undefined;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
