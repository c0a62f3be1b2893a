/**
 * Consents for tests that buy or convert through the API: a current ESIGN consent, as the
 * browser records it before the first agreement (decision 1920).
 */
import { type ConsentKind, currentDisclosureVersion } from '../../shared/consents/consent-disclosures';
import type { Executor } from '../db/client';
import { electronicConsents } from '../db/schema';

export async function giveConsentDirectly(
  db: Executor,
  investorId: string,
  kind: ConsentKind = 'electronic_records',
  options: { version?: string; recordedAt?: Date } = {},
): Promise<void> {
  await db.insert(electronicConsents).values({
    investorId,
    kind,
    action: 'given',
    disclosureVersion: options.version ?? currentDisclosureVersion[kind],
    ...(options.recordedAt ? { recordedAt: options.recordedAt } : {}),
  });
}
