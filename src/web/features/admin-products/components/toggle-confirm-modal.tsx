import { useState } from 'react';
import { type AdminProduct, productMessages } from '../../../../shared/admin/product-contracts';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { Modal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-client';
import { useToggleProduct } from '../api/admin-product-queries';

/** The confirmation before a product is activated or deactivated (admin spec 2, 4). */
export function ToggleConfirmModal({ product, onClose }: { product: AdminProduct; onClose(): void }) {
  const toggle = useToggleProduct();
  const [failure, setFailure] = useState<string | null>(null);
  const willActivate = !product.is_active;
  const confirm = async () => {
    setFailure(null);
    try {
      await toggle.mutateAsync({ id: product.id, is_active: willActivate, updated_at: product.updated_at });
      onClose();
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.code === 'stale'
          ? `${productMessages.toggleFailed}. ${productMessages.stale}`
          : productMessages.toggleFailed,
      );
    }
  };
  return (
    <Modal
      title={willActivate ? 'Activate product?' : 'Deactivate product?'}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant={willActivate ? 'primary' : 'danger'} onClick={confirm} isBusy={toggle.isPending}>
            {willActivate ? 'Activate' : 'Deactivate'}
          </Button>
        </>
      }
    >
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <p>
        {willActivate ? (
          <>
            <strong>{product.display_name}</strong> will be offered to investors again while inside its
            availability window.
          </>
        ) : (
          <>
            <strong>{product.display_name}</strong> will no longer be offered to investors. Notes already
            bought are not affected.
          </>
        )}
      </p>
    </Modal>
  );
}
