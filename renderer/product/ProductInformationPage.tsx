/**
 * /tenant/productInformation?tenantId= (spec §2, hidden under the distributor
 * list): a distributor's products as its parent (or the system admin) reads
 * them — the product list without its actions. The route is the tenant
 * domain's; the screen is the product domain's, which knows products and
 * asks for one tenant's.
 */
import { Body1, Button, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageProblem, PageSpinner } from '../app/pages.js';
import { idOfQuery } from '../app/paths.js';
import { useOp } from '../bridge.js';
import type { ProductSort } from '../../shared/product/index.js';
import {
  DetailPage,
  FilterBar,
  filterBody,
  Pager,
  TextFilter,
  useListPage,
  useScreen,
  type Sort,
} from '../kit/index.js';
import { ProductTable } from './ProductTable.js';
import { DISTRIBUTORS_PATH } from './paths.js';

const useStyles = makeStyles({
  note: { color: tokens.colorNeutralForeground2 },
  // The filter bar grows along a row (its basis is a width), as on every list page.
  filters: { display: 'flex', alignItems: 'flex-end', flexWrap: 'wrap' },
});
const DEFAULT_SORT: Sort = { id: 'createdAt', desc: true };
export default function ProductInformationPage() {
  const { t, navigate } = useScreen();
  const [params] = useSearchParams();
  const id = idOfQuery(params.get('tenantId'));
  const tenant = useOp('tenant.info', { body: { tenantId: id ?? 0 } }, { enabled: id !== undefined });
  const back = (
    <Button
      icon={<ArrowLeftRegular />}
      onClick={() => void navigate(DISTRIBUTORS_PATH)}
      data-testid="product-information-back"
    >
      {t('common.back')}
    </Button>
  );
  if (id === undefined || (tenant.isError && !tenant.isFetching))
    return <PageProblem back={back} text={t('product.information.noTenant')} testId="product-information" />;
  if (!tenant.data) return <PageSpinner />;
  return (
    <DetailPage
      id="product-information"
      title={t('product.information.title', { name: tenant.data.name })}
      back={back}
      wide
      titleTestId="product-information-title"
    >
      <TenantProducts tenantId={id} />
    </DetailPage>
  );
}

/** A distributor's products, read only (also the distributor page's Products tab). */
export function TenantProducts({ tenantId }: { tenantId: number }) {
  const { t } = useScreen();
  const styles = useStyles();
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);
  const { draft, setDraft, apply, reset, table, pager, setPaging } = useListPage('product.page', {
    empty: { keyword: '' },
    body: (f) => ({ ...filterBody(f), tenantId, sort: sort.id as ProductSort, desc: sort.desc }),
  });
  return (
    <>
      <Body1 className={styles.note}>{t('product.information.readOnly')}</Body1>
      <div className={styles.filters}>
        <FilterBar
          onSearch={apply}
          onReset={reset}
          searchTestId="product-information-search"
          resetTestId="product-information-reset"
        >
          <TextFilter
            label={t('product.product.keyword')}
            value={draft.keyword}
            maxLength={50}
            onChange={(keyword) => setDraft({ keyword })}
            testId="product-information-keyword"
          />
        </FilterBar>
      </div>
      <ProductTable
        {...table}
        showTenant={false}
        sort={sort}
        onSortChange={(next) => {
          setSort(next ?? DEFAULT_SORT);
          setPaging((p) => ({ ...p, pageNum: 1 }));
        }}
      />
      <Pager {...pager} testId="product-information-pager" />
    </>
  );
}
