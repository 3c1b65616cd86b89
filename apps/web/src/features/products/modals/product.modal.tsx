import type { Product } from '@im/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormModal, type FormModalProps } from '../../../ui/form/form-modal';
import { toast } from '../../../ui/toasts';
import { ProductForm } from '../components/product-form';
import { useCreateProduct, useUpdateProduct } from '../queries';

/** 'Nieuw product': saved, then the product detail opens with its two empty price rows. */
export function CreateProductModal({ opened, onClose }: FormModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateProduct();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('products.newProduct')} size="lg">
      <ProductForm
        isPending={create.isPending}
        onCancel={onClose}
        onSave={(request, showServerError) =>
          create.mutate(request, {
            onSuccess: (product) => {
              toast.success(t('products.created'));
              onClose();
              navigate(`/product_detail/${product.id}`);
            },
            onError: showServerError,
          })
        }
      />
    </FormModal>
  );
}

export function EditProductModal({ product, opened, onClose }: FormModalProps & { product: Product }) {
  const { t } = useTranslation();
  const update = useUpdateProduct(product.id);
  return (
    <FormModal opened={opened} onClose={onClose} title={t('products.editTitle')} size="lg">
      <ProductForm
        product={product}
        isPending={update.isPending}
        onCancel={onClose}
        onSave={(request, showServerError) =>
          update.mutate(request, {
            onSuccess: () => {
              toast.success(t('products.saved'));
              onClose();
            },
            onError: showServerError,
          })
        }
      />
    </FormModal>
  );
}
