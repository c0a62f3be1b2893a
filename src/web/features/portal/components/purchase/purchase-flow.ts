/**
 * The purchase modal's state (spec 4): closed, form, agreement, review, result. The page
 * owns it, so leaving the modal to link a bank account keeps what was typed; X resets all.
 */
import { useCallback, useState } from 'react';
import type { Product } from '../../../../../shared/products/contracts';
import {
  DEFAULT_MATURITY_INSTRUCTION,
  type MaturityInstruction,
} from '../../../../../shared/investments/maturity-instruction-rules';
import type { InvestmentType } from '../../../../../shared/products/plans';
import type { PurchasedInvestment } from '../../../../../shared/purchases/purchase-contracts';

/** `offering`: the offering's own steps (investor profile, circular) between the form and the agreement. */
export type PurchaseStep = 'form' | 'offering' | 'agreement' | 'review' | 'result';

export type PurchaseResult =
  | { status: 'processing' }
  | { status: 'success'; investment: PurchasedInvestment }
  | { status: 'error'; message: string };

export interface PurchaseDraft {
  productId: string;
  amount: string;
  fundingAccountId: string;
  hasConsented: boolean;
  /** High-Yield: what happens at maturity. */
  maturityInstruction: MaturityInstruction;
  /** Standard: reinvest the monthly interest in the note (decision 1740); off by default. */
  reinvestInterest: boolean;
}

export interface PurchaseFlowState {
  plan: InvestmentType | null;
  step: PurchaseStep;
  draft: PurchaseDraft;
  result: PurchaseResult | null;
  /** One key per BUY attempt: a repeated click or retry of the same attempt never buys twice. */
  idempotencyKey: string | null;
}

const emptyDraft: PurchaseDraft = {
  productId: '',
  amount: '',
  fundingAccountId: '',
  hasConsented: false,
  maturityInstruction: DEFAULT_MATURITY_INSTRUCTION,
  reinvestInterest: false,
};
const closed: PurchaseFlowState = {
  plan: null,
  step: 'form',
  draft: emptyDraft,
  result: null,
  idempotencyKey: null,
};

export function usePurchaseFlow() {
  const [state, setState] = useState<PurchaseFlowState>(closed);

  const open = useCallback((plan: InvestmentType, products: Product[], defaultFundingAccountId: string) => {
    setState({
      ...closed,
      plan,
      // A plan with a single product has nothing to choose: it is preselected (spec 5).
      draft: {
        ...emptyDraft,
        productId: products.length === 1 ? products[0]!.id : '',
        fundingAccountId: defaultFundingAccountId,
      },
    });
  }, []);

  const reset = useCallback(() => setState(closed), []);
  const goTo = useCallback((step: PurchaseStep) => setState((current) => ({ ...current, step })), []);
  const update = useCallback(
    (changes: Partial<PurchaseDraft>) =>
      setState((current) => ({ ...current, draft: { ...current.draft, ...changes } })),
    [],
  );
  const startBuying = useCallback(
    (idempotencyKey: string) =>
      setState((current) => ({
        ...current,
        step: 'result',
        result: { status: 'processing' },
        idempotencyKey,
      })),
    [],
  );
  /** The answer of one BUY attempt; ignored when the modal was closed (or reopened) meanwhile. */
  const finish = useCallback(
    (idempotencyKey: string, result: PurchaseResult) =>
      setState((current) => (current.idempotencyKey === idempotencyKey ? { ...current, result } : current)),
    [],
  );

  return { state, open, reset, goTo, update, startBuying, finish };
}
