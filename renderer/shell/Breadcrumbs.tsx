/**
 * Spec breadcrumb: matched routes with a title, the dashboard first, plain text when no-redirect or last, separator '/'.
 * `lastOnly` (a narrow top bar): the page's own title alone, which must stay readable.
 * Short of room, the trail gives up its first parts whole (the dashboard, then the group) rather than cutting
 * every part to two letters: the list a detail belongs to and the page's own title are the ones people follow.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { Fragment, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { titleText } from '../i18n/index.js';
import { Link, useParams } from 'react-router';
import { breadcrumbs } from '../../shared/routes.js';
import { useInnerWidth } from '../kit/columnMeasure.js';
import { useShell } from './context.js';

const useStyles = makeStyles({
  list: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'nowrap',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    gap: tokens.spacingHorizontalS,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  link: {
    color: tokens.colorNeutralForeground1,
    fontWeight: tokens.fontWeightSemibold,
    textDecorationLine: 'none',
    ':hover': { color: tokens.colorBrandForeground1 },
  },
  text: { color: tokens.colorNeutralForeground3 },
  separator: { color: tokens.colorNeutralForeground4, flexShrink: 0 },
  // The parts before the last stay whole (the trail drops the first ones when they do not fit); the page's own
  // title shrinks, with an ellipsis, only when it alone is left and still too long.
  part: { flexShrink: 0 },
  last: { minWidth: 0, flexShrink: 1, overflow: 'hidden', textOverflow: 'ellipsis' },
});

export function Breadcrumbs({ lastOnly = false }: { lastOnly?: boolean }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const params = useParams();
  const { routes, resolution, location } = useShell();
  const all = resolution.kind === 'view' ? breadcrumbs(routes, resolution.chain, params, location.search) : [];
  const list = useRef<HTMLOListElement>(null);
  const width = useInnerWidth(list);
  const [dropped, setDropped] = useState(0);
  const trail = `${all.map((c) => titleText(t, c.title)).join('/')}|${width}`;
  // A new trail or width starts whole again, then gives up first parts while the last one is cut.
  useLayoutEffect(() => setDropped(0), [trail]);
  // Measured when the trail, the width or the parts shown change, not at every render of the shell: each
  // measure is a layout of the whole page (a move inside the app renders the shell two or three times). And after
  // the page has painted, not in a layout effect: there it laid the new screen out in the middle of its commit,
  // 30 ms of a move to a list on a slow machine (`npm run bench:browser`), and the screen waited for it. A trail
  // too long shows cut for a frame (its last part ellipsed) before it gives up its first parts.
  const parts = all.length;
  useEffect(() => {
    const last = list.current?.lastElementChild as HTMLElement | null;
    if (last && last.scrollWidth > last.clientWidth + 1 && dropped < parts - 1) setDropped(dropped + 1);
  }, [trail, dropped, parts, lastOnly]);
  const crumbs = lastOnly ? all.slice(-1) : all.slice(dropped);
  return (
    <nav aria-label={t('shell.breadcrumb')} data-testid="breadcrumb">
      <ol className={styles.list} ref={list}>
        {crumbs.map((c, i) => (
          <Fragment key={`${c.title}-${i}`}>
            {i > 0 && (
              <li className={styles.separator} aria-hidden>
                /
              </li>
            )}
            <li
              data-testid="breadcrumb-item"
              className={i === crumbs.length - 1 ? styles.last : styles.part}
              title={titleText(t, c.title)}
            >
              {c.to ? (
                <Link to={c.to} className={styles.link}>
                  {titleText(t, c.title)}
                </Link>
              ) : (
                <span className={styles.text} aria-current={i === crumbs.length - 1 ? 'page' : undefined}>
                  {titleText(t, c.title)}
                </span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
