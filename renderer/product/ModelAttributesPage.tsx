/** /productManagement/infoDetails?modelId= (spec §2 infoDetails, system admin): a custom model's attributes, typed and ruled as a category's. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE } from '../../shared/domains.js';
import type { CustomAttributeItem, CustomModelDetail } from '../../shared/product/index.js';
import { useOp, useOpMutation } from '../bridge.js';
import { AttributeFormDialog } from './AttributeFormDialog.js';
import { attributeColumns } from './detailColumns.js';
import { DetailTable } from './DetailTable.js';
import { ModelScreen } from './ModelScreen.js';

const INVALIDATES = ['product.customAttributeList', 'product.customModels', 'product.customModelPage'] as const;

export default function ModelAttributesPage() {
  const { t } = useTranslation();
  return (
    <ModelScreen title={(name) => t('product.customModel.attributesTitle', { name })} testId="model-attributes">
      {(model) => <ModelAttributes model={model} />}
    </ModelScreen>
  );
}

function ModelAttributes({ model }: { model: CustomModelDetail }) {
  const { t } = useTranslation();
  const list = useOp('product.customAttributeList', { body: { modelId: model.id } });
  const remove = useOpMutation('product.customAttributeDelete', { invalidates: INVALIDATES });
  const create = useOpMutation('product.customAttributeCreate', { invalidates: INVALIDATES });
  const update = useOpMutation('product.customAttributeUpdate', { invalidates: INVALIDATES });
  const columns = useMemo(() => attributeColumns<CustomAttributeItem>(t), [t]);
  const groups = useMemo(() => [...new Set((list.data ?? []).map((a) => a.groupName))], [list.data]);
  return (
    <DetailTable
      prefix="attribute"
      list={list}
      listKey="product.customAttributeList"
      columns={columns}
      canEdit
      remove={(a) => remove.mutateAsync({ params: { id: a.id } })}
      goneCode={CODE.customDetailNotFound}
      texts="product.attribute"
      dialog={(attribute, close, gone) => (
        <AttributeFormDialog
          attribute={attribute}
          groups={groups}
          onClose={close}
          onGone={gone}
          goneCode={attribute ? CODE.customDetailNotFound : CODE.customModelNotFound}
          onSave={(body) =>
            attribute
              ? update.mutateAsync({ params: { id: attribute.id }, body })
              : create.mutateAsync({ body: { ...body, modelId: model.id } })
          }
        />
      )}
    />
  );
}
