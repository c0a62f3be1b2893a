/**
 * /buy-investments (spec 2, 4, 5, 9): the two plans from the live catalogue and the purchase
 * modal. Linking a bank account is composed in by the app (`renderLinkBank`), since the
 * bank-link wizard is another feature; the modal's draft is kept while it runs.
 */
import '../portal.css';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Alert } from '../../../components/ui/feedback';
import { LazyModal } from '../../../components/ui/modal';
import { preloadableLazy } from '../../../lib/preloadable-lazy';
import type { Product } from '../../../../shared/products/contracts';
import { type InvestmentType, investmentTypes, planCopy } from '../../../../shared/products/plans';
import { fetchProducts, fetchPurchaseOptions, portalKeys } from '../api/portal-api';
import { PlanCard } from '../components/plan-card';
import { usePurchaseFlow } from '../components/purchase/purchase-flow';
import { usePageTitle } from '../hooks/use-page-title';

// The purchase dialog loads when it opens (decision 1412), started when the pointer or focus
// reaches a buy button.
const PurchaseModal = preloadableLazy(() =>
  import('../components/purchase/purchase-modal').then((module) => module.PurchaseModal),
);

export interface LinkBankSlotProps {
  /** The page to come back to after linking. */
  returnPath: string;
  /** A bank account was linked and verified: the funding accounts are read again. */
  onLinked(): void;
  onCancel(): void;
}

export function BuyInvestmentsPage({
  renderLinkBank,
}: {
  renderLinkBank(props: LinkBankSlotProps): ReactNode;
}) {
  usePageTitle('Buy investments');
  const flow = usePurchaseFlow();
  const [isLinkingBank, setLinkingBank] = useState(false);
  const products = useQuery({ queryKey: portalKeys.products, queryFn: fetchProducts });
  const options = useQuery({ queryKey: portalKeys.purchaseOptions, queryFn: fetchPurchaseOptions });

  const productsOf = (plan: InvestmentType): Product[] =>
    (products.data?.products ?? [])
      .filter((product) => product.investment_type === plan && product.is_active)
      .sort((left, right) => left.term_years - right.term_years);

  const openPlan = (plan: InvestmentType) => {
    flow.open(plan, productsOf(plan), options.data?.funding_accounts[0]?.id ?? '');
  };

  const onLinked = async () => {
    setLinkingBank(false);
    const refreshed = await options.refetch();
    const first = refreshed.data?.funding_accounts[0];
    if (first && !flow.state.draft.fundingAccountId) flow.update({ fundingAccountId: first.id });
  };

  return (
    <div className="portal-page">
      <header className="page-head">
        <p className="eyebrow">Buy investments</p>
        <h1>Choose your plan</h1>
        <p className="muted page-lead">
          Fixed rates, no fees. Your investment appears in your account immediately and starts earning today.
        </p>
      </header>
      {products.isError ? <Alert tone="error">{products.error.message}</Alert> : null}
      <div className="buy-plans">
        {investmentTypes.map((plan) => (
          <PlanCard
            key={plan}
            plan={plan}
            products={productsOf(plan)}
            isLoading={products.isPending}
            onBuy={() => openPlan(plan)}
            onBuyIntent={() => void PurchaseModal.preload()}
          />
        ))}
      </div>
      {isLinkingBank
        ? renderLinkBank({ returnPath: '/buy-investments', onLinked, onCancel: () => setLinkingBank(false) })
        : null}
      {!isLinkingBank && flow.state.plan ? (
        <LazyModal
          title={planCopy[flow.state.plan].name}
          onClose={flow.reset}
          wide
          closeLabel="Close and start over"
        >
          <PurchaseModal
            flow={flow}
            products={productsOf(flow.state.plan)}
            options={options.data}
            optionsError={options.isError ? options.error.message : null}
            isLoadingOptions={options.isPending}
            onLinkBank={() => setLinkingBank(true)}
          />
        </LazyModal>
      ) : null}
    </div>
  );
}
