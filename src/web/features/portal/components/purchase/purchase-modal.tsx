/**
 * The four-step purchase modal (spec 4): form, agreement, review, result. The heading shows
 * the plan name and its minimum in thousands; X at any step resets everything.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Modal } from '../../../../components/ui/modal';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../../lib/api-client';
import { isUserFacingFailure } from '../../../../../shared/errors/app-error';
import { formatThousands } from '../../../../../shared/format/money-format';
import { compareMoney } from '../../../../../shared/money/decimal-string';
import type { Product } from '../../../../../shared/products/contracts';
import { MAXIMUM_PURCHASE_AMOUNT, planCopy } from '../../../../../shared/products/plans';
import type { PurchaseOptionsResponse } from '../../../../../shared/purchases/purchase-contracts';
import { normalisePurchaseAmount, purchaseMessages } from '../../../../../shared/purchases/purchase-rules';
import { buyInvestment, fetchPurchaseOffering, newIdempotencyKey, portalKeys } from '../../api/portal-api';
import { CircularStep, hasOfferingSteps, InvestorProfileStep, OfferingAllowance } from './offering-steps';
import { LoadingState } from '../../../../components/ui/feedback';
import { AgreementStep, purchaseConsentLabel } from './agreement-step';
import { ElectronicRecordsGate } from './electronic-records-gate';
import type { PurchaseStep, usePurchaseFlow } from './purchase-flow';
import { fundingAccountLabel, PurchaseFormStep } from './purchase-form-step';
import { ResultStep } from './result-step';
import { ReviewStep } from './review-step';
import { localToday } from '../../../../lib/local-today';

/** The message after 'ERROR: ' (spec 8): the server's words, or the catalogue's fallbacks. */
export function purchaseErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'network') return NETWORK_ERROR_MESSAGE;
    if (error.status >= 500 && !isUserFacingFailure(error.code)) return purchaseMessages.failedToCreate;
    return error.message;
  }
  return purchaseMessages.unexpected;
}

const purchaseSteps = ['form', 'agreement', 'review', 'result'] as const satisfies readonly PurchaseStep[];
const stepLabels: Record<PurchaseStep, string> = {
  form: 'Details',
  offering: 'Details: offering documents',
  agreement: 'Agreement',
  review: 'Review',
  result: 'Confirmation',
};

/**
 * Names the step for screen readers and takes focus when the step changes: the button that
 * moved on (NEXT, BACK, BUY) is gone with its step, and focus would fall to the page body.
 * On opening, the dialog's own focus (its first field) stands.
 */
function StepHeading({ step }: { step: PurchaseStep }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus();
  }, [step]);
  return (
    <h3 ref={headingRef} tabIndex={-1} className="visually-hidden purchase-step-heading">
      Step {purchaseSteps.indexOf(step === 'offering' ? 'form' : step) + 1} of {purchaseSteps.length}:{' '}
      {stepLabels[step]}
    </h3>
  );
}

export function PurchaseModal({
  flow,
  products,
  options,
  optionsError,
  isLoadingOptions,
  onLinkBank,
}: {
  flow: ReturnType<typeof usePurchaseFlow>;
  products: Product[];
  options: PurchaseOptionsResponse | undefined;
  optionsError: string | null;
  isLoadingOptions: boolean;
  onLinkBank(): void;
}) {
  const queryClient = useQueryClient();
  const { state } = flow;
  const productId = state.draft.productId;
  const offeringQuery = useQuery({
    queryKey: portalKeys.purchaseOffering(productId),
    queryFn: () => fetchPurchaseOffering(productId),
    enabled: state.plan !== null && productId !== '',
  });
  const offering = productId ? offeringQuery.data : undefined;
  const { goTo } = flow;
  // Once the offering's steps are done (or none was needed), the agreement follows.
  useEffect(() => {
    if (state.step === 'offering' && offering && !hasOfferingSteps(offering)) goTo('agreement');
  }, [state.step, offering, goTo]);
  if (!state.plan) return null;
  const minimum = products.reduce<string | null>(
    (lowest, product) =>
      lowest === null || compareMoney(product.minimum_purchase_amount, lowest) < 0
        ? product.minimum_purchase_amount
        : lowest,
    null,
  );
  const title = `${planCopy[state.plan].name}${minimum ? ` · ${formatThousands(minimum)} minimum` : ''}`;
  const fundingAccounts = options?.funding_accounts ?? [];
  const product = products.find((candidate) => candidate.id === state.draft.productId) ?? null;
  const fundingAccount =
    fundingAccounts.find((account) => account.id === state.draft.fundingAccountId) ?? null;

  const buy = async () => {
    if (!product || !options) return;
    const key = state.idempotencyKey ?? newIdempotencyKey();
    flow.startBuying(key);
    try {
      const response = await buyInvestment(
        {
          product_id: product.id,
          term_years: product.term_years,
          amount: normalisePurchaseAmount(state.draft.amount) ?? state.draft.amount,
          interest_rate_annual: product.interest_rate_annual,
          funding_account_id: state.draft.fundingAccountId,
          agreement_version: options.agreement_version,
          consent: state.draft.hasConsented,
          ...(product.investment_type === 'high_yield'
            ? { maturity_instruction: state.draft.maturityInstruction }
            : { reinvest_interest: state.draft.reinvestInterest }),
        },
        key,
      );
      flow.finish(key, { status: 'success', investment: response.investment });
      await queryClient.invalidateQueries({ queryKey: portalKeys.all });
    } catch (error) {
      flow.finish(key, { status: 'error', message: purchaseErrorMessage(error) });
    }
  };

  return (
    <Modal title={title} onClose={flow.reset} wide closeLabel="Close and start over">
      <ol className="purchase-steps" aria-label="Purchase steps">
        {purchaseSteps.map((step, index) => (
          <li
            key={step}
            aria-current={(state.step === 'offering' ? 'form' : state.step) === step ? 'step' : undefined}
          >
            <span className="purchase-step-number">{index + 1}</span>
            <span className="purchase-step-label">{stepLabels[step]}</span>
          </li>
        ))}
      </ol>
      <StepHeading step={state.step} />
      {state.step === 'form' ? <OfferingAllowance offering={offering} /> : null}
      {state.step === 'form' ? (
        <PurchaseFormStep
          products={products}
          draft={state.draft}
          fundingAccounts={fundingAccounts}
          isLoadingAccounts={isLoadingOptions}
          accountsError={optionsError}
          maximum={options?.maximum_purchase_amount ?? MAXIMUM_PURCHASE_AMOUNT}
          onChange={flow.update}
          onNext={() => {
            // A closed offering or an investor it does not admit: the form says why and stays.
            if (offering?.blocked_message) return;
            flow.goTo(offering && !hasOfferingSteps(offering) ? 'agreement' : 'offering');
          }}
          onLinkBank={onLinkBank}
          rolloverTerms={options?.rollover_terms ?? []}
          today={options?.today ?? localToday()}
        />
      ) : null}
      {state.step === 'offering' && !offering ? <LoadingState text="Checking the offering..." /> : null}
      {state.step === 'offering' && offering?.needs_profile ? (
        <InvestorProfileStep onBack={() => flow.goTo('form')} />
      ) : null}
      {state.step === 'offering' &&
      offering &&
      !offering.needs_profile &&
      offering.circular_to_acknowledge ? (
        <CircularStep offering={offering} onBack={() => flow.goTo('form')} />
      ) : null}
      {state.step === 'agreement' ? (
        <ElectronicRecordsGate onBack={() => flow.goTo('form')}>
          <AgreementStep
            confirmLabel="BUY"
            consentLabel={purchaseConsentLabel(
              normalisePurchaseAmount(state.draft.amount) ?? '0.00',
              fundingAccount?.account_last_four ?? '',
            )}
            hasConsented={state.draft.hasConsented}
            onConsentChange={(hasConsented) => flow.update({ hasConsented })}
            onBack={() => flow.goTo('form')}
            onNext={() => flow.goTo('review')}
          />
        </ElectronicRecordsGate>
      ) : null}
      {state.step === 'review' && product && fundingAccount && options ? (
        <ReviewStep
          product={product}
          amount={state.draft.amount}
          fundedFrom={fundingAccountLabel(fundingAccount)}
          startDate={options.today}
          maturityInstruction={state.draft.maturityInstruction}
          reinvestInterest={state.draft.reinvestInterest}
          onBack={() => flow.goTo('agreement')}
          onBuy={buy}
        />
      ) : null}
      {state.step === 'result' && state.result ? (
        <ResultStep result={state.result} onClose={flow.reset} />
      ) : null}
    </Modal>
  );
}
