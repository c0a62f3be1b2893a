/**
 * The consents to electronic delivery (PRODUCT.md 41-42, decisions 1920-1922): the ESIGN consent
 * to electronic records, asked before the first agreement, and the separate consent to
 * electronic tax forms. Each is given against the current disclosure version with the code from
 * its PDF, recorded with time, IP and browser, and can be withdrawn; withdrawing never closes
 * the account, it sends paper (the paper-mail module reads the latest event).
 */
import type { FastifyRequest } from 'fastify';
import type {
  ConsentStatusResponse,
  ConsentView,
  GiveConsentRequest,
} from '../../../shared/consents/consent-contracts';
import {
  type ConsentKind,
  consentMessages,
  currentDisclosureVersion,
} from '../../../shared/consents/consent-disclosures';
import { AppError } from '../../../shared/errors/app-error';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { clientDetails } from '../../http/client-details';
import { enforceRateLimit } from '../../security/rate-limiter';
import { enqueueNotices } from '../notifications/notice-queue-repository';
import { isAccessCodeRight } from './access-code';
import { consentChangedMessage } from './consent-notice';
import {
  addressLines,
  insertConsentEvent,
  type LatestConsentRow,
  lockInvestor,
  selectLatestConsents,
  selectMailingAddress,
} from './repository';

/** Typing the PDF's code checks a secret: ten tries an hour per investor. */
const accessCodeAttempts = { name: 'consent:access-code', limit: 10, windowSeconds: 3600 };
/** Consent changes each send a confirmation: thirty an hour per investor is more than anyone needs. */
const consentChanges = { name: 'consent:change', limit: 30, windowSeconds: 3600 };

function viewOf(kind: ConsentKind, row: LatestConsentRow | undefined): ConsentView {
  const current = currentDisclosureVersion[kind];
  return {
    kind,
    state: row ? row.action : 'none',
    version: row?.disclosure_version ?? null,
    current_version: current,
    is_current: row?.action === 'given' && row.disclosure_version === current,
    recorded_at: row?.recorded_at ?? null,
  };
}

async function statusOf(
  db: Executor,
  investorId: string,
  postalAddress: string,
): Promise<ConsentStatusResponse> {
  const rows = await selectLatestConsents(db, investorId);
  const address = await selectMailingAddress(db, investorId);
  return {
    electronic_records: viewOf(
      'electronic_records',
      rows.find((row) => row.kind === 'electronic_records'),
    ),
    tax_forms: viewOf(
      'tax_forms',
      rows.find((row) => row.kind === 'tax_forms'),
    ),
    mailing_address: address ? addressLines(address) : null,
    company_postal_address: postalAddress,
  };
}

export function getConsentStatus(context: AppContext, investorId: string): Promise<ConsentStatusResponse> {
  return statusOf(context.db, investorId, context.config.COMPANY_POSTAL_ADDRESS);
}

/** Whether the investor's consent to electronic records answers the current disclosure. */
export async function hasCurrentConsent(
  db: Executor,
  investorId: string,
  kind: ConsentKind,
): Promise<boolean> {
  const rows = await selectLatestConsents(db, investorId);
  return viewOf(
    kind,
    rows.find((row) => row.kind === kind),
  ).is_current;
}

/** Agreements are signed electronically only with a current ESIGN consent (decision 1920). */
export async function assertElectronicRecordsConsent(db: Executor, investorId: string): Promise<void> {
  if (!(await hasCurrentConsent(db, investorId, 'electronic_records'))) {
    throw new AppError('conflict', { message: consentMessages.electronicRecordsRequired });
  }
}

export async function giveConsent(
  context: AppContext,
  request: FastifyRequest,
  input: { investorId: string; kind: ConsentKind; body: GiveConsentRequest },
): Promise<ConsentStatusResponse> {
  const { investorId, kind, body } = input;
  const now = context.clock.now();
  if (body.version !== currentDisclosureVersion[kind]) {
    throw new AppError('conflict', { message: consentMessages.versionOutdated });
  }
  await enforceRateLimit(context.db, accessCodeAttempts, investorId, now, 'Too many codes tried.');
  if (
    !isAccessCodeRight(context.config.fieldEncryptionKey, kind, investorId, body.version, body.access_code)
  ) {
    throw new AppError('validation_failed', { message: consentMessages.codeWrong });
  }
  return context.db.transaction(async (tx) => {
    await lockInvestor(tx, investorId);
    // Giving a consent that is already current records nothing new (a double click, a replay).
    if (await hasCurrentConsent(tx, investorId, kind))
      return statusOf(tx, investorId, context.config.COMPANY_POSTAL_ADDRESS);
    await enforceRateLimit(tx, consentChanges, investorId, now, 'Too many consent changes.');
    await insertConsentEvent(tx, {
      investorId,
      kind,
      action: 'given',
      version: body.version,
      now,
      ...clientDetails(request),
    });
    await enqueueNotices(tx, [{ investorId, ...consentChangedMessage(kind, 'given') }], now);
    return statusOf(tx, investorId, context.config.COMPANY_POSTAL_ADDRESS);
  });
}

export async function withdrawConsent(
  context: AppContext,
  request: FastifyRequest,
  input: { investorId: string; kind: ConsentKind },
): Promise<ConsentStatusResponse> {
  const { investorId, kind } = input;
  const now = context.clock.now();
  return context.db.transaction(async (tx) => {
    await lockInvestor(tx, investorId);
    const [latest] = (await selectLatestConsents(tx, investorId)).filter((row) => row.kind === kind);
    if (latest?.action !== 'given') {
      throw new AppError('conflict', { message: consentMessages.alreadyWithdrawn });
    }
    await enforceRateLimit(tx, consentChanges, investorId, now, 'Too many consent changes.');
    await insertConsentEvent(tx, {
      investorId,
      kind,
      action: 'withdrawn',
      version: latest.disclosure_version,
      now,
      ...clientDetails(request),
    });
    await enqueueNotices(tx, [{ investorId, ...consentChangedMessage(kind, 'withdrawn') }], now);
    return statusOf(tx, investorId, context.config.COMPANY_POSTAL_ADDRESS);
  });
}
