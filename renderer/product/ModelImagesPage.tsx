/** /productManagement/imgDetails?modelId= (spec §2 imgDetails, system admin): the pictures a custom model shows, each with its format. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE } from '../../shared/domains.js';
import type { CustomImageItem, CustomModelDetail } from '../../shared/product/index.js';
import { useOp, useOpMutation } from '../bridge.js';
import { imageFormatColumns } from './detailColumns.js';
import { DetailTable } from './DetailTable.js';
import { ImageFormatFormDialog } from './ImageFormatFormDialog.js';
import { ModelScreen } from './ModelScreen.js';

const INVALIDATES = ['product.customImageList', 'product.customModels', 'product.customModelPage'] as const;

export default function ModelImagesPage() {
  const { t } = useTranslation();
  return (
    <ModelScreen title={(name) => t('product.customModel.imagesTitle', { name })} testId="model-images">
      {(model) => <ModelImages model={model} />}
    </ModelScreen>
  );
}

function ModelImages({ model }: { model: CustomModelDetail }) {
  const { t } = useTranslation();
  const list = useOp('product.customImageList', { body: { modelId: model.id } });
  const remove = useOpMutation('product.customImageDelete', { invalidates: INVALIDATES });
  const create = useOpMutation('product.customImageCreate', { invalidates: INVALIDATES });
  const update = useOpMutation('product.customImageUpdate', { invalidates: INVALIDATES });
  const columns = useMemo(() => imageFormatColumns<CustomImageItem>(t), [t]);
  return (
    <DetailTable
      prefix="image-format"
      list={list}
      listKey="product.customImageList"
      columns={columns}
      canEdit
      remove={(i) => remove.mutateAsync({ params: { id: i.id } })}
      goneCode={CODE.customDetailNotFound}
      texts="product.imageFormat"
      dialog={(image, close, gone) => (
        <ImageFormatFormDialog
          format={image}
          onClose={close}
          onGone={gone}
          goneCode={image ? CODE.customDetailNotFound : CODE.customModelNotFound}
          onSave={(body) =>
            image
              ? update.mutateAsync({ params: { id: image.id }, body })
              : create.mutateAsync({ body: { ...body, modelId: model.id } })
          }
        />
      )}
    />
  );
}
