import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  type AdminProduct,
  type ProductInput,
  productInputSchema,
  productMessages,
  rateFractionToPercent,
} from '../../../../shared/admin/product-contracts';
import { investmentTypeLabel, investmentTypes } from '../../../../shared/products/plans';
import { Button } from '../../../components/ui/button';
import { Alert } from '../../../components/ui/feedback';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-client';
import { useSaveProduct } from '../api/admin-product-queries';

interface ProductFormValues {
  display_name: string;
  investment_type: string;
  description: string;
  interest_rate_percent: string;
  term_years: string;
  minimum_purchase_amount: string;
  available_from: string;
  available_until: string;
}

type FieldName = keyof ProductFormValues;
const fieldNames: readonly FieldName[] = [
  'display_name',
  'investment_type',
  'description',
  'interest_rate_percent',
  'term_years',
  'minimum_purchase_amount',
  'available_from',
  'available_until',
];

function isFieldName(value: unknown): value is FieldName {
  return typeof value === 'string' && (fieldNames as readonly string[]).includes(value);
}

function initialValues(product: AdminProduct | null): ProductFormValues {
  if (!product) {
    return {
      display_name: '',
      investment_type: 'standard',
      description: '',
      interest_rate_percent: '',
      term_years: '',
      minimum_purchase_amount: '',
      available_from: '',
      available_until: '',
    };
  }
  return {
    display_name: product.display_name,
    investment_type: product.investment_type,
    description: product.description ?? '',
    interest_rate_percent: rateFractionToPercent(product.interest_rate_annual),
    term_years: String(product.term_years),
    minimum_purchase_amount: product.minimum_purchase_amount,
    available_from: product.available_from ?? '',
    available_until: product.available_until ?? '',
  };
}

/** Create or edit a product (admin spec 5): the rate is typed as a percent, the term in whole years. */
export function ProductFormModal({ product, onClose }: { product: AdminProduct | null; onClose(): void }) {
  const save = useSaveProduct();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ProductFormValues>({ defaultValues: initialValues(product) });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const term = values.term_years.trim();
    const candidate = { ...values, term_years: term === '' ? undefined : Number(term) };
    const parsed = productInputSchema.safeParse(candidate);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (isFieldName(field)) setError(field, { message: issue.message });
      }
      return;
    }
    const input: ProductInput = parsed.data;
    try {
      await save.mutateAsync({ id: product?.id ?? null, input, version: product?.updated_at ?? null });
      onClose();
    } catch (error) {
      const detail =
        error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : null;
      setFailure(detail ? `${productMessages.saveFailed}: ${detail}` : productMessages.saveFailed);
    }
  });

  const isEditing = product !== null;
  return (
    <Modal
      title={isEditing ? 'Edit Product' : 'Create Product'}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="product-form" isBusy={save.isPending}>
            {save.isPending ? 'Saving...' : isEditing ? 'Update Product' : 'Create Product'}
          </Button>
        </>
      }
    >
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <form id="product-form" onSubmit={onSubmit} noValidate className="product-form">
        <TextField label="Display name" error={errors.display_name?.message} {...register('display_name')} />
        <SelectField label="Type" error={errors.investment_type?.message} {...register('investment_type')}>
          {investmentTypes.map((type) => (
            <option key={type} value={type}>
              {investmentTypeLabel(type)}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label="Description (optional)"
          rows={3}
          error={errors.description?.message}
          {...register('description')}
        />
        <div className="form-grid">
          <TextField
            label="Annual rate (%)"
            inputMode="decimal"
            placeholder="9.5"
            hint="Entered as a percent"
            error={errors.interest_rate_percent?.message}
            {...register('interest_rate_percent')}
          />
          <TextField
            label="Term (years)"
            inputMode="numeric"
            placeholder="3"
            error={errors.term_years?.message}
            {...register('term_years')}
          />
        </div>
        <TextField
          label="Minimum investment (USD)"
          inputMode="decimal"
          placeholder="5000"
          error={errors.minimum_purchase_amount?.message}
          {...register('minimum_purchase_amount')}
        />
        <div className="form-grid">
          <TextField
            label="Available from (optional)"
            type="date"
            error={errors.available_from?.message}
            {...register('available_from')}
          />
          <TextField
            label="Available until (optional)"
            type="date"
            error={errors.available_until?.message}
            {...register('available_until')}
          />
        </div>
      </form>
    </Modal>
  );
}
