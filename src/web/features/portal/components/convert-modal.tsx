/**
 * CONVERT TO HIGH-YIELD (PRODUCT.md 19, 37): available funds become a new High-Yield note at
 * once, for the chosen term. Converting is a purchase: after the amount and term come the
 * Perpetual Note Agreement and the purchase's review (amount, term, rate, maturity date,
 * projected value), and only then CONVERT.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Alert, LoadingState } from '../../../components/ui/feedback';
import { SelectField, TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { formatLongDate } from '../../../../shared/format/long-date';
import { formatUsd } from '../../../../shared/format/money-format';
import { centsToMoney, compareMoney, parseMoneyToCents } from '../../../../shared/money/decimal-string';
import { ratePercent, termLabel, totalReturnPercent } from '../../../../shared/products/plans';
import type {
  ConversionResponse,
  TransferSummaryResponse,
} from '../../../../shared/transfers/transfer-contracts';
import { normalisePurchaseAmount, purchaseMessages } from '../../../../shared/purchases/purchase-rules';
import { transferMessages } from '../../../../shared/transfers/transfer-messages';
import {
  convertToHighYield,
  fetchProducts,
  fetchPurchaseOffering,
  fetchPurchaseOptions,
  newIdempotencyKey,
  portalKeys,
} from '../api/portal-api';
import { AgreementStep } from './purchase/agreement-step';
import {
  CircularStep,
  hasOfferingSteps,
  InvestorProfileStep,
  OfferingAllowance,
} from './purchase/offering-steps';
import { ElectronicRecordsGate } from './purchase/electronic-records-gate';
import { ReviewStep } from './purchase/review-step';

/** A conversion debits no bank account: the consent is to the agreement for the new note. */
export function conversionConsentLabel(amount: string): string {
  return `I have read and agree to the Perpetual Note Agreement for a new High-Yield note of ${formatUsd(amount)}, paid from my available funds and locked until it matures.`;
}

export function ConvertModal({ summary, onClose }: { summary: TransferSummaryResponse; onClose(): void }) {
  const queryClient = useQueryClient();
  const products = useQuery({ queryKey: portalKeys.products, queryFn: fetchProducts });
  const highYield = (products.data?.products ?? [])
    .filter((product) => product.investment_type === 'high_yield' && product.is_active)
    .sort((left, right) => left.term_years - right.term_years);
  const [productId, setProductId] = useState('');
  const [amount, setAmount] = useState(summary.available_to_withdraw);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<ConversionResponse['investment'] | null>(null);
  const [step, setStep] = useState<'form' | 'offering' | 'agreement' | 'review'>('form');
  const [hasConsented, setConsented] = useState(false);
  const options = useQuery({ queryKey: portalKeys.purchaseOptions, queryFn: fetchPurchaseOptions });
  const [key] = useState(newIdempotencyKey);
  const product = highYield.find((candidate) => candidate.id === productId) ?? null;
  // A conversion is a new sale in the product's offering (issue 26): the same profile and
  // circular steps as a purchase, and the same limits.
  const offeringQuery = useQuery({
    queryKey: [...portalKeys.purchaseOffering(productId), 'conversion'],
    queryFn: () => fetchPurchaseOffering(productId, 'conversion'),
    enabled: productId !== '',
  });
  const offering = productId ? offeringQuery.data : undefined;
  useEffect(() => {
    if (step === 'offering' && offering && !hasOfferingSteps(offering)) setStep('agreement');
  }, [step, offering]);

  const convert = useMutation({
    mutationFn: () =>
      convertToHighYield(
        {
          amount: normalisePurchaseAmount(amount) ?? amount,
          product_id: productId,
          interest_rate_annual: product?.interest_rate_annual ?? '',
          agreement_version: options.data?.agreement_version ?? '',
          consent: hasConsented,
        },
        key,
      ),
    onSuccess: async (response) => {
      setDone(response.investment);
      await queryClient.invalidateQueries({ queryKey: portalKeys.all });
    },
    onError: (failure) => {
      setError(failure.message);
      setStep('form');
    },
  });

  const submit = () => {
    if (!product) return setError(purchaseMessages.selectTerm);
    const cents = parseMoneyToCents(amount);
    if (cents === null || cents <= 0n) return setError(transferMessages.validAmount);
    const text = centsToMoney(cents);
    if (compareMoney(text, summary.available_to_withdraw) > 0)
      return setError(transferMessages.aboveAvailable);
    if (compareMoney(text, product.minimum_purchase_amount) < 0) {
      return setError(transferMessages.belowMinimum(formatUsd(product.minimum_purchase_amount)));
    }
    if (offering?.blocked_message) return setError(offering.blocked_message);
    setError(null);
    setStep(offering && !hasOfferingSteps(offering) ? 'agreement' : 'offering');
  };

  return (
    <Modal title="Convert to High-Yield" onClose={onClose}>
      {done ? (
        <div className="purchase-result" role="status">
          <span className="purchase-check" aria-hidden="true">
            ✓
          </span>
          <p className="purchase-result-title">CONVERSION COMPLETE</p>
          <p>
            Your new High-Yield note of {formatUsd(done.principal_amount)} at{' '}
            {ratePercent(done.interest_rate_annual)}% started today and matures on{' '}
            {formatLongDate(done.maturity_date)}.
          </p>
          <p className="purchase-reference">
            Reference transaction ID: <strong className="mono">{done.reference}</strong>
          </p>
          <div className="modal-footer purchase-result-actions">
            <Button onClick={onClose}>CLOSE</Button>
          </div>
        </div>
      ) : step === 'offering' ? (
        !offering ? (
          <LoadingState text="Checking the offering..." />
        ) : offering.needs_profile ? (
          <InvestorProfileStep onBack={() => setStep('form')} />
        ) : offering.circular_to_acknowledge ? (
          <CircularStep offering={offering} onBack={() => setStep('form')} />
        ) : null
      ) : step === 'agreement' ? (
        <ElectronicRecordsGate onBack={() => setStep('form')}>
          <AgreementStep
            confirmLabel="CONVERT"
            consentLabel={conversionConsentLabel(normalisePurchaseAmount(amount) ?? amount)}
            hasConsented={hasConsented}
            onConsentChange={setConsented}
            onBack={() => setStep('form')}
            onNext={() => setStep('review')}
          />
        </ElectronicRecordsGate>
      ) : step === 'review' && product && options.data ? (
        <ReviewStep
          product={product}
          amount={amount}
          fundedFrom="Your available funds (no bank debit)"
          startDate={options.data.today}
          intro="Please check the details of your new High-Yield note before you convert."
          confirmLabel="CONVERT"
          isBusy={convert.isPending}
          onBack={() => setStep('agreement')}
          onBuy={() => convert.mutate()}
        />
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <p className="muted">
            Move funds you could withdraw into a new High-Yield note. It starts earning today at the rate of
            the term you choose and is locked until it matures.
          </p>
          {products.isError ? <Alert tone="error">{products.error.message}</Alert> : null}
          <SelectField label="Term" value={productId} onChange={(event) => setProductId(event.target.value)}>
            <option value="">Select a term length</option>
            {highYield.map((option) => (
              <option key={option.id} value={option.id}>
                {termLabel(option)} ({totalReturnPercent(option.interest_rate_annual, option.term_years)}%
                total)
              </option>
            ))}
          </SelectField>
          <TextField
            label="Amount (USD)"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.target.value.replace(/[^\d.,]/g, ''))}
            hint={`Up to ${formatUsd(summary.available_to_withdraw)}`}
          />
          <OfferingAllowance offering={offering} />
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div className="modal-footer">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">NEXT</Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
