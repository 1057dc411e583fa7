/**
 * /productManagement/setProperty?categoryId= (spec §2 setProperty): the
 * attributes a product of the category fills in, grouped as the product form
 * shows them. Those of the categories above come first and are edited there
 * (the row says where); 5-1 adds, edits and deletes the category's own.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE } from '../../shared/domains.js';
import type { AttributeItem, CategoryItem } from '../../shared/product/index.js';
import { useOp, useOpMutation } from '../bridge.js';
import { can, useUser } from '../app/session.js';
import { OverflowText, type Column } from '../kit/index.js';
import { AttributeFormDialog } from './AttributeFormDialog.js';
import { CategoryScreen } from './CategoryScreen.js';
import { attributeColumns } from './detailColumns.js';
import { DetailTable } from './DetailTable.js';

export default function AttributeListPage() {
  const { t } = useTranslation();
  return (
    <CategoryScreen title={(name) => t('product.attribute.title', { name })} testId="attributes">
      {(category) => <Attributes category={category} />}
    </CategoryScreen>
  );
}

function Attributes({ category }: { category: CategoryItem }) {
  const { t } = useTranslation();
  const canEdit = can(useUser(), '5-1');
  const list = useOp('product.attributeList', { body: { categoryId: category.id } });
  const remove = useOpMutation('product.attributeDelete', { invalidates: ['product.attributeList'] });
  const create = useOpMutation('product.attributeCreate', { invalidates: ['product.attributeList'] });
  const update = useOpMutation('product.attributeUpdate', { invalidates: ['product.attributeList'] });
  const rows = useMemo(() => (list.data ? groupRows(list.data) : undefined), [list.data]);
  const groups = useMemo(
    () => [...new Set((rows ?? []).filter((a) => a.categoryId === category.id).map((a) => a.groupName))],
    [rows, category.id],
  );
  // An upper category's attribute is edited on that category's page.
  const inherited = (a: AttributeItem) => (a.categoryId === category.id ? undefined : t('product.attribute.inherited'));

  const columns = useMemo<Column<AttributeItem>[]>(
    () => [
      ...attributeColumns<AttributeItem>(t),
      {
        id: 'source',
        header: t('product.attribute.source'),
        minWidth: 96,
        width: 140,
        render: (a) => (
          <OverflowText
            text={
              a.categoryId === category.id
                ? a.categoryName
                : t('common.withNote', { text: a.categoryName, note: t('product.attribute.inherited') })
            }
          />
        ),
      },
    ],
    [t, category.id],
  );

  return (
    <DetailTable
      prefix="attribute"
      list={{ ...list, data: rows }}
      listKey="product.attributeList"
      columns={columns}
      canEdit={canEdit}
      lockedReason={inherited}
      remove={(a) => remove.mutateAsync({ params: { id: a.id } })}
      goneCode={CODE.attributeNotFound}
      texts="product.attribute"
      dialog={(attribute, close, gone) => (
        <AttributeFormDialog
          attribute={attribute}
          groups={groups}
          onClose={close}
          onGone={gone}
          goneCode={attribute ? CODE.attributeNotFound : CODE.categoryNotFound}
          onSave={(body) =>
            attribute
              ? update.mutateAsync({ params: { id: attribute.id }, body })
              : create.mutateAsync({ body: { ...body, categoryId: category.id } })
          }
        />
      )}
    />
  );
}

/** Each category's attributes with their group together, groups in the order they first appear (as the product form shows them). */
export function groupRows(list: readonly AttributeItem[]): AttributeItem[] {
  const order = new Map<string, number>();
  for (const a of list) {
    const key = `${a.categoryId}:${a.groupName}`;
    if (!order.has(key)) order.set(key, order.size);
  }
  return [...list].sort(
    (x, y) => order.get(`${x.categoryId}:${x.groupName}`)! - order.get(`${y.categoryId}:${y.groupName}`)!,
  );
}
