/**
 * /productManagement/imgFormat?categoryId= (spec §2 imgFormat): the pictures
 * a product of the category carries beyond its main image, each with its
 * format; 5-1 adds, edits and deletes them.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE } from '../../shared/domains.js';
import type { CategoryItem, ImageFormatItem } from '../../shared/product/index.js';
import { useOp, useOpMutation } from '../bridge.js';
import { can, useUser } from '../app/session.js';
import { CategoryScreen } from './CategoryScreen.js';
import { imageFormatColumns } from './detailColumns.js';
import { DetailTable } from './DetailTable.js';
import { ImageFormatFormDialog } from './ImageFormatFormDialog.js';

export default function ImageFormatListPage() {
  const { t } = useTranslation();
  return (
    <CategoryScreen title={(name) => t('product.imageFormat.title', { name })} testId="image-formats">
      {(category) => <ImageFormats category={category} />}
    </CategoryScreen>
  );
}

function ImageFormats({ category }: { category: CategoryItem }) {
  const { t } = useTranslation();
  const canEdit = can(useUser(), '5-1');
  const list = useOp('product.imageFormatList', { body: { categoryId: category.id } });
  const remove = useOpMutation('product.imageFormatDelete', { invalidates: ['product.imageFormatList'] });
  const create = useOpMutation('product.imageFormatCreate', { invalidates: ['product.imageFormatList'] });
  const update = useOpMutation('product.imageFormatUpdate', { invalidates: ['product.imageFormatList'] });
  const columns = useMemo(() => imageFormatColumns<ImageFormatItem>(t), [t]);
  return (
    <DetailTable
      prefix="image-format"
      list={list}
      listKey="product.imageFormatList"
      columns={columns}
      canEdit={canEdit}
      remove={(f) => remove.mutateAsync({ params: { id: f.id } })}
      goneCode={CODE.imageFormatNotFound}
      texts="product.imageFormat"
      dialog={(format, close, gone) => (
        <ImageFormatFormDialog
          format={format}
          onClose={close}
          onGone={gone}
          goneCode={format ? CODE.imageFormatNotFound : CODE.categoryNotFound}
          onSave={(body) =>
            format
              ? update.mutateAsync({ params: { id: format.id }, body })
              : create.mutateAsync({ body: { ...body, categoryId: category.id } })
          }
        />
      )}
    />
  );
}
