/**
 * The gate of every detail page (an order, a complaint, a device's settings,
 * a scene): the record's id from the address (`?id=`, so the page opens in a
 * window of its own), the back button, the record always read afresh, and
 * instead of it a problem — no id, a bad id, not found (the domain's code,
 * also for another tenant's record) or a failed load — or the spinner.
 */
import { Button } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { ApiOp } from '../../shared/domains.js';
import type { OpInput, OpOutput } from '../../shared/ipc.js';
import { useOp, useReadsAhead, type OpRead } from '../bridge.js';
import { codeMessage, refusedWith } from './errors.js';
import { PageProblem, PageSpinner } from './pages.js';
import { idOfQuery } from './paths.js';

/** An operation reading one record by the id in its path. */
type InfoOp = { [K in ApiOp]: OpInput<K> extends { params: { id: unknown } } ? K : never }[ApiOp];

export interface DetailOptions {
  /** Where the back button goes (the list). */
  backTo: string;
  backLabel: string;
  /** `<testId>-back` names the button, `<testId>-problem` the problem. */
  testId: string;
  /** The domain's "does not exist" code: its own text is shown. */
  notFoundCode: number;
  /** Said for an id that is not one. */
  invalidId: string;
  /** Said when the address names no id at all (default: `invalidId`). */
  noId?: string;
  /** A record that moves unasked (a push's machines report): read again this often while shown, in ms. */
  refetchInterval?: number;
  /**
   * The reads of the page's parts that need only the id: asked with the
   * record, not one round trip after it, when those parts first render.
   */
  alongside?: (id: number) => readonly OpRead[];
}

/** `gate` is what the page shows instead of the record, until there is one. */
export type Detail<K extends InfoOp> =
  { gate: ReactElement; data?: undefined; back: ReactElement } | { gate: null; data: OpOutput<K>; back: ReactElement };

export function useDetail<K extends InfoOp>(op: K, options: DetailOptions): Detail<K> {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = idOfQuery(params.get('id'));
  const info = useOp(op, { params: { id: id ?? 0 } } as OpInput<K>, {
    enabled: id !== undefined,
    staleTime: 0,
    ...(options.refetchInterval ? { refetchInterval: options.refetchInterval } : {}),
  });
  useReadsAhead(id === undefined || !options.alongside ? [] : options.alongside(id));
  const back = (
    <Button
      icon={<ArrowLeftRegular />}
      onClick={() => void navigate(options.backTo)}
      data-testid={`${options.testId}-back`}
    >
      {options.backLabel}
    </Button>
  );
  const problem = (text: string): Detail<K> => ({
    gate: <PageProblem back={back} text={text} testId={options.testId} />,
    back,
  });
  if (id === undefined)
    return problem(params.get('id') === null ? (options.noId ?? options.invalidId) : options.invalidId);
  if (info.isError && !info.isFetching) {
    return problem(
      refusedWith(info.error, options.notFoundCode) ? codeMessage(options.notFoundCode) : t('common.loadFailed'),
    );
  }
  if (info.data === undefined) return { gate: <PageSpinner />, back };
  return { gate: null, data: info.data as OpOutput<K>, back };
}
