/** /productManagement/merchandise (spec §2 merchandise): the new product library; products are created and edited on the nweGoods page. */
import { useNavigate } from 'react-router';
import { useOpMutation } from '../bridge.js';
import { editCustomInfoPath, editGoodsPath, NEW_GOODS_PATH } from './paths.js';
import { ProductLibrary } from './ProductLibrary.js';

const useChange = () => useOpMutation('product.newState', { invalidates: ['product.newPage', 'product.newInfo'] });

const usePrice = () => useOpMutation('product.newPrice', { invalidates: ['product.newPage', 'product.newInfo'] });

export default function MerchandisePage() {
  const navigate = useNavigate();
  return (
    <ProductLibrary
      title="product.route.merchandise"
      listOp="product.newPage"
      useChange={useChange}
      usePrice={usePrice}
      onCreate={() => void navigate(NEW_GOODS_PATH)}
      onEdit={(product) => void navigate(editGoodsPath(product.id))}
      onCustomInfo={(product) => void navigate(editCustomInfoPath(product.id))}
    />
  );
}
