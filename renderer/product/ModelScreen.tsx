/**
 * The frame of a custom model's screens (infoDetails, imgDetails:
 * `?modelId=`). Models are few and all of them are read at once
 * (`product.customModels`); 2809 when the id names none.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE } from '../../shared/domains.js';
import type { CustomModelDetail } from '../../shared/product/index.js';
import { useOp } from '../bridge.js';
import { OwnerScreen, type OwnerLoad } from './OwnerScreen.js';
import { CUSTOM_MODELS_PATH } from './paths.js';

/** The model out of the list, failing as a missing one would (2809) when the list has no such model. */
function useModel(id: number | undefined): OwnerLoad<CustomModelDetail> {
  const all = useOp('product.customModels', {}, { enabled: id !== undefined });
  const model = all.data?.find((m) => m.id === id);
  const missing = all.data !== undefined && !model;
  return {
    data: model,
    isFetching: all.isFetching,
    refetch: all.refetch,
    isError: all.isError || missing,
    error: missing ? { source: 'upstream', code: CODE.customModelNotFound, status: 404 } : all.error,
  };
}

export function ModelScreen({
  title,
  testId,
  children,
}: {
  title: (name: string) => string;
  testId: string;
  children: (model: CustomModelDetail) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <OwnerScreen
      param="modelId"
      useOwner={useModel}
      goneCode={CODE.customModelNotFound}
      chooseFirst={t('product.customModel.chooseFirst')}
      backPath={CUSTOM_MODELS_PATH}
      backLabel={t('product.customModel.back')}
      title={title}
      testId={testId}
    >
      {children}
    </OwnerScreen>
  );
}
