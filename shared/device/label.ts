/**
 * How a screen names one device wherever a list, a choice or a report picks
 * among many: its name, then its serial, which tells two machines of one
 * name apart ("虹桥站饮料机 1 号 · VM2026000101").
 */
export const deviceLabel = (d: { name: string; serial: string }): string => `${d.name} · ${d.serial}`;
