/** /productManagement/merchandise (spec §2 merchandise): the new product library; products are created and edited on the nweGoods page. */
import { keepPreviousData } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useOp, useOpMutation } from '../bridge.js';
import { editCustomInfoPath, editGoodsPath, NEW_GOODS_PATH } from './paths.js';
import { ProductLibrary, type ProductLibraryProps } from './ProductLibrary.js';

const useList: ProductLibraryProps['useList'] = (input) => useOp('product.newPage', input, { placeholderData: keepPreviousData });
const useChange = () => useOpMutation('product.newState', { invalidates: ['product.newPage', 'product.newInfo'] });

const usePrice = () => useOpMutation('product.newPrice', { invalidates: ['product.newPage', 'product.newInfo'] });

export default function MerchandisePage() {
  const navigate = useNavigate();
  return (
    <ProductLibrary title="product.route.merchandise" useList={useList} useChange={useChange} usePrice={usePrice} listKey="product.newPage"
      onCreate={() => void navigate(NEW_GOODS_PATH)} onEdit={(product) => void navigate(editGoodsPath(product.id))}
      onCustomInfo={(product) => void navigate(editCustomInfoPath(product.id))} />
  );
}
