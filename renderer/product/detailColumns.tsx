/**
 * The columns an attribute and an image format show wherever they are
 * listed: a category's (setProperty, imgFormat) and a custom model's
 * (infoDetails, imgDetails).
 */
import { Badge } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import type { AttributeForm, ImageFormatForm } from '../../shared/product/index.js';
import type { Column } from '../kit/index.js';

export function attributeColumns<T extends AttributeForm>(t: TFunction): Column<T>[] {
  return [
    {
      id: 'groupName',
      header: t('product.attribute.groupName'),
      value: (a) => a.groupName,
      minWidth: 80,
      width: 120,
      cellTestId: 'attribute-group',
    },
    {
      id: 'name',
      header: t('product.attribute.name'),
      value: (a) => a.name,
      minWidth: 96,
      width: 140,
      grow: 1,
      cellTestId: 'attribute-name',
    },
    { id: 'number', header: t('product.attribute.number'), value: (a) => a.number, minWidth: 96, width: 140 },
    {
      id: 'kind',
      header: t('product.attribute.kind'),
      value: (a) => t(`product.attribute.kinds.${a.kind}`),
      minWidth: 80,
      width: 110,
      cellTestId: 'attribute-kind',
    },
    {
      id: 'required',
      header: t('product.attribute.required'),
      minWidth: 64,
      width: 80,
      render: (a) => (
        <Badge appearance="tint" color={a.required ? 'brand' : 'informative'}>
          {t(a.required ? 'product.attribute.requiredYes' : 'product.attribute.requiredNo')}
        </Badge>
      ),
    },
    {
      id: 'rule',
      header: t('product.attribute.rule'),
      value: (a) => a.rule,
      overflow: 'wrap',
      minWidth: 120,
      width: 220,
      grow: 2,
      cellTestId: 'attribute-rule',
    },
    { id: 'unit', header: t('product.attribute.unit'), value: (a) => a.unit, minWidth: 56, width: 72 },
  ];
}

export function imageFormatColumns<T extends ImageFormatForm & { createdAt: string }>(t: TFunction): Column<T>[] {
  return [
    {
      id: 'name',
      header: t('product.imageFormat.name'),
      value: (f) => f.name,
      minWidth: 96,
      width: 140,
      grow: 1,
      cellTestId: 'image-format-name',
    },
    { id: 'number', header: t('product.imageFormat.number'), value: (f) => f.number, minWidth: 96, width: 140 },
    {
      id: 'description',
      header: t('product.imageFormat.description'),
      value: (f) => f.description,
      overflow: 'wrap',
      minWidth: 120,
      width: 220,
      grow: 2,
    },
    {
      id: 'formatName',
      header: t('product.imageFormat.formatName'),
      value: (f) => f.formatName,
      minWidth: 120,
      width: 180,
      cellTestId: 'image-format-format',
    },
    {
      id: 'required',
      header: t('product.imageFormat.required'),
      minWidth: 64,
      width: 88,
      render: (f) => (
        <Badge appearance="tint" color={f.required ? 'brand' : 'informative'}>
          {t(f.required ? 'product.imageFormat.requiredYes' : 'product.imageFormat.requiredNo')}
        </Badge>
      ),
    },
    { id: 'createdAt', header: t('product.category.createdAt'), kind: 'time', value: (f) => f.createdAt },
  ];
}
