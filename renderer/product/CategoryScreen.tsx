/** The frame of a category's own screens (setProperty, imgFormat: `?categoryId=`); 1104 when the category is gone or not ours. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE } from '../../shared/domains.js';
import type { CategoryItem } from '../../shared/product/index.js';
import { useOp } from '../bridge.js';
import { OwnerScreen } from './OwnerScreen.js';
import { CATEGORIES_PATH } from './paths.js';

const useCategory = (id: number | undefined) =>
  useOp('product.categoryInfo', { params: { id: id ?? 0 } }, { enabled: id !== undefined });

export function CategoryScreen({
  title,
  testId,
  children,
}: {
  title: (name: string) => string;
  testId: string;
  children: (category: CategoryItem) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <OwnerScreen
      param="categoryId"
      useOwner={useCategory}
      goneCode={CODE.categoryNotFound}
      chooseFirst={t('product.category.chooseFirst')}
      backPath={CATEGORIES_PATH}
      backLabel={t('product.attribute.back')}
      title={title}
      testId={testId}
    >
      {children}
    </OwnerScreen>
  );
}
