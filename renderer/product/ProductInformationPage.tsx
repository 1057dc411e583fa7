/**
 * /tenant/productInformation?tenantId= (spec §2, hidden under the distributor
 * list): a distributor's products as its parent (or the system admin) reads
 * them — the product list without its actions. The route is the tenant
 * domain's; the screen is the product domain's, which knows products and
 * asks for one tenant's.
 */
import { Body1, Button, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { useSearchParams } from 'react-router';
import { PageProblem, PageSpinner } from '../app/pages.js';
import { idOfQuery } from '../app/paths.js';
import { useOp } from '../bridge.js';
import { DetailPage, filterBody, ResourceList, TextFilter, useResource, useScreen } from '../kit/index.js';
import { PRODUCT_SORT, sortBody, useProductColumns } from './productColumns.js';
import { DISTRIBUTORS_PATH } from './paths.js';

const useStyles = makeStyles({ note: { color: tokens.colorNeutralForeground2 } });
const EMPTY = { keyword: '' };
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
  const products = useResource('product.page', {
    ns: 'product.product',
    testId: 'product',
    empty: EMPTY,
    sort: PRODUCT_SORT,
    body: (f, sort) => ({ ...filterBody(f), tenantId, ...sortBody(sort) }),
  });
  // One tenant's products: no tenant column.
  const columns = useProductColumns({ column: products.column, tenantColumn: () => [] });
  return (
    <ResourceList
      resource={products}
      untitled
      title={t('product.product.list')}
      columns={columns}
      rowKey={(p) => p.id}
      intro={<Body1 className={styles.note}>{t('product.information.readOnly')}</Body1>}
      filters={<TextFilter {...products.source('keyword')} maxLength={50} />}
      table={{ rowData: (p) => ({ 'data-product-id': p.id }) }}
    />
  );
}
