/**
 * Money owed between the platform and an investor outside the notes (PRODUCT.md 36): a
 * durable record, open until it is settled, never silently lost. `owed_by_investor`: money
 * that left for a note that turned out unfunded (an interest credit sent before its note's
 * funding debit failed). `owed_to_investor`: money the investor is due that did not arrive
 * (a returned or failed credit, until paid again).
 */
export const owedDirections = ['owed_by_investor', 'owed_to_investor'] as const;
export type OwedDirection = (typeof owedDirections)[number];

export const owedStatuses = ['open', 'resolved'] as const;
export type OwedStatus = (typeof owedStatuses)[number];

export const owedDirectionLabels: Record<OwedDirection, string> = {
  owed_by_investor: 'Owed back by investor',
  owed_to_investor: 'Owed to investor',
};

export const owedStatusLabels: Record<OwedStatus, string> = {
  open: 'Open',
  resolved: 'Resolved',
};
