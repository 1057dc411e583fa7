/**
 * What the desktop tells the OS, as data: a live event's notification (its
 * title, its line, and the deep link a click follows), and the taskbar's or
 * dock's count of open complaints. Main only shows them
 * (electron/main.ts); the decisions are tested here without Electron.
 */
import { complaintEvent, describeComplaintEvent } from '../../shared/complaint/events.js';
import { desktopTexts, fill } from '../../shared/common/desktopTexts.js';
import { describeDeviceEvent, deviceEvent, deviceEventTitle } from '../../shared/device/index.js';
import type { Lang } from '../../shared/i18n/define.js';
import { linkOf } from '../../shared/links.js';
import { allViews, ROUTE_SETS } from '../../shared/routes.js';
import type { LiveEvent } from '../../shared/api/events.js';

export interface DesktopNotice {
  title: string;
  body: string;
  /** Followed on a click (electron/core/links.ts): judged again for whoever is signed in then. */
  link: string;
}

/** A view's path by its name in the route table (the core holds no renderer paths). */
function viewPath(name: string): string {
  const view = allViews(ROUTE_SETS.main).find((r) => r.name === name);
  if (!view) throw new Error(`no view ${name}`);
  return view.path;
}

/**
 * The OS notification for a live event, or null: a device's event when its
 * switch is on (spec §3) opens the device's page; a new complaint when the
 * device's complaint switch is on opens the complaint in its own window.
 */
export function noticeOf(event: Pick<LiveEvent, 'topic' | 'data'>, lang: Lang): DesktopNotice | null {
  if (event.topic === 'device') {
    const device = deviceEvent.safeParse(event.data);
    if (!device.success || !device.data.notify) return null;
    return {
      title: deviceEventTitle(lang),
      body: describeDeviceEvent(device.data, lang),
      link: linkOf(`${viewPath('DeviceSettings')}?id=${device.data.deviceId}`),
    };
  }
  if (event.topic === 'complaint') {
    const complaint = complaintEvent.safeParse(event.data);
    if (!complaint.success || !complaint.data.notify || complaint.data.kind !== 'created') return null;
    return {
      title: desktopTexts[lang].notice.complaint,
      body: describeComplaintEvent(complaint.data, lang),
      link: linkOf(`${viewPath('ComplaintDetail')}?id=${complaint.data.complaintId}`),
    };
  }
  return null;
}

export interface Badge {
  /** The dock's and Linux launchers' number (0: none). */
  count: number;
  /** Windows has no number on the taskbar: an overlay mark, with this said by screen readers (null: no mark). */
  overlay: string | null;
}

/** The count of open complaints as the OS shows it. */
export function badgeOf(open: number | null, lang: Lang): Badge {
  if (!open || open < 0) return { count: 0, overlay: null };
  return { count: open, overlay: fill(desktopTexts[lang].badge.openComplaints, { count: open }) };
}
