/**
 * Spec breadcrumb: matched routes with a title, the dashboard first, plain text when no-redirect or last, separator '/'.
 * `lastOnly` (a narrow top bar): the page's own title alone, which must stay readable (issue 31).
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { titleText } from '../i18n/index.js';
import { Link, useParams } from 'react-router';
import { breadcrumbs } from '../../shared/routes.js';
import { useShell } from './context.js';

const useStyles = makeStyles({
  list: { display: 'flex', alignItems: 'center', flexWrap: 'nowrap', whiteSpace: 'nowrap', overflow: 'hidden', gap: tokens.spacingHorizontalS, listStyleType: 'none', margin: 0, padding: 0 },
  link: { color: tokens.colorNeutralForeground1, fontWeight: tokens.fontWeightSemibold, textDecorationLine: 'none', ':hover': { color: tokens.colorBrandForeground1 } },
  text: { color: tokens.colorNeutralForeground3 },
  separator: { color: tokens.colorNeutralForeground4, flexShrink: 0 },
  // Short of room the parts before the last give way first (each down to two characters and an ellipsis); the
  // page's own title, last, shrinks only after them: at 400 px it is the part that must stay readable.
  part: { minWidth: '2.5em', flexShrink: 1, overflow: 'hidden', textOverflow: 'ellipsis' },
  last: { minWidth: 0, flexShrink: 0.001, overflow: 'hidden', textOverflow: 'ellipsis' },
});

export function Breadcrumbs({ lastOnly = false }: { lastOnly?: boolean }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const params = useParams();
  const { routes, resolution, location } = useShell();
  const all = resolution.kind === 'view' ? breadcrumbs(routes, resolution.chain, params, location.search) : [];
  const crumbs = lastOnly ? all.slice(-1) : all;
  return (
    <nav aria-label={t('shell.breadcrumb')} data-testid="breadcrumb">
      <ol className={styles.list}>
        {crumbs.map((c, i) => (
          <Fragment key={`${c.title}-${i}`}>
            {i > 0 && <li className={styles.separator} aria-hidden>/</li>}
            <li data-testid="breadcrumb-item" className={i === crumbs.length - 1 ? styles.last : styles.part} title={titleText(t, c.title)}>
              {c.to
                ? <Link to={c.to} className={styles.link}>{titleText(t, c.title)}</Link>
                : <span className={styles.text} aria-current={i === crumbs.length - 1 ? 'page' : undefined}>{titleText(t, c.title)}</span>}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
