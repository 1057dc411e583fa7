/** /productManagement/productList (spec §2 productList): the old product library; products are created and edited in a dialog. */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ProductItem } from '../../shared/product/index.js';
import { useOpMutation } from '../bridge.js';
import { ProductFormDialog } from './ProductFormDialog.js';
import { ProductLibrary } from './ProductLibrary.js';

const useChange = () => useOpMutation('product.state', { invalidates: ['product.page', 'product.info'] });

const usePrice = () => useOpMutation('product.price', { invalidates: ['product.page', 'product.info'] });

export default function ProductListPage() {
  const client = useQueryClient();
  const [editing, setEditing] = useState<{ product?: ProductItem } | null>(null);
  return (
    <>
      <ProductLibrary
        title="product.route.productList"
        listOp="product.page"
        useChange={useChange}
        usePrice={usePrice}
        onCreate={() => setEditing({})}
        onEdit={(product) => setEditing({ product })}
      />
      {editing && (
        <ProductFormDialog
          product={editing.product}
          onClose={() => setEditing(null)}
          onGone={() => void client.invalidateQueries({ queryKey: ['product.page'] })}
        />
      )}
    </>
  );
}
