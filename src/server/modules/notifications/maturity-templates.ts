/**
 * Messages about a High-Yield note's maturity (issue 17 item 1): the reminders 30 and 7 days
 * before, and the rollover done at maturity. They go out as `investment_purchase` notices, so
 * the investor's "Investment purchases" preference decides e-mail and SMS (decision 1700).
 */
import type { IsoDate } from '../../../shared/dates/calendar-date';
import { formatLongDate } from '../../../shared/format/long-date';
import { formatUsd } from '../../../shared/format/money-format';
import {
  type MaturityInstruction,
  lastUndoDay,
  maturityInstructionLabel,
} from '../../../shared/investments/maturity-instruction';
import { purchaseReference } from '../../../shared/portal/transaction-display';
import type { TransactionalMessage } from './transactional-templates';

export interface MaturityReminderDetails {
  investmentId: string;
  daysBefore: number;
  maturityDate: IsoDate;
  value: string;
  instruction: MaturityInstruction | null;
}

export function maturityReminderMessage(
  brandName: string,
  details: MaturityReminderDetails,
): TransactionalMessage {
  const reference = purchaseReference(details.investmentId);
  const on = formatLongDate(details.maturityDate);
  const instruction = maturityInstructionLabel(details.instruction);
  const title = `Note ${reference} matures in ${details.daysBefore} days`;
  const body = `Your High-Yield note ${reference} matures on ${on}. Its instruction: ${instruction}. You can change it until then.`;
  return {
    kind: 'investment_purchase',
    title,
    body,
    email: {
      subject: `Your ${brandName} note matures on ${on}`,
      preheader: `Instruction: ${instruction}.`,
      heading: `Your note matures in ${details.daysBefore} days`,
      paragraphs: [
        `Your High-Yield note ${reference} matures on ${on}, worth ${formatUsd(details.value)} today.`,
        `On that day we will carry out its instruction: ${instruction}. You can change it in the portal until then.`,
      ],
      facts: [
        { label: 'Note', value: reference },
        { label: 'Matures on', value: on },
        { label: 'Instruction', value: instruction },
      ],
      action: { label: 'Review the instruction', path: `/notes/${details.investmentId}` },
    },
    sms: `${brandName}: note ${reference} matures on ${on}. Instruction: ${instruction}. Change it in the portal.`,
  };
}

export interface RolloverDetails {
  newInvestmentId: string;
  amount: string;
  rate: string;
  termYears: number;
  startDate: IsoDate;
  /** The day the run made the rollover and told the investor: the undo window counts from it. */
  rolledOverOn: IsoDate;
}

export function rolloverMessage(brandName: string, details: RolloverDetails): TransactionalMessage {
  const reference = purchaseReference(details.newInvestmentId);
  const amount = formatUsd(details.amount);
  const undoBy = formatLongDate(lastUndoDay(details.rolledOverOn));
  const title = `Note rolled over: ${amount}`;
  const body = `Your matured note was rolled over into High-Yield note ${reference} for ${details.termYears} years. Changed your mind? Undo it by ${undoBy} and it is paid out with the interest of those days.`;
  return {
    kind: 'investment_purchase',
    title,
    body,
    email: {
      subject: `Your ${brandName} note was rolled over`,
      preheader: `${amount} now earns in note ${reference}.`,
      heading: 'Your note was rolled over',
      paragraphs: [
        `As instructed, ${amount} from your matured note now earns in a new ${details.termYears}-year High-Yield note ${reference}, from ${formatLongDate(details.startDate)}.`,
        `If you change your mind, undo the rollover in the portal by ${undoBy}: the note is then paid out to your bank account, with the interest it earned in the meantime.`,
      ],
      facts: [
        { label: 'New note', value: reference },
        { label: 'Amount', value: amount },
        { label: 'Undo by', value: undoBy },
      ],
      action: { label: 'View the note', path: `/notes/${details.newInvestmentId}` },
    },
    sms: `${brandName}: ${amount} rolled over into note ${reference}. Undo by ${undoBy} in the portal.`,
  };
}

export interface RolloverRefusedDetails {
  investmentId: string;
  amount: string;
  /** Why the offering could not take the new sale, in the investor's words. */
  reason: string;
  /** Whether the value is paid out now (no verified bank account: it waits, matured). */
  isPaidOut: boolean;
}

/**
 * A rollover the offering's limits refused (decision 1931): the note is paid out instead, and
 * the investor is told why, so nobody wonders why their note did not renew.
 */
export function rolloverRefusedMessage(
  brandName: string,
  details: RolloverRefusedDetails,
): TransactionalMessage {
  const reference = purchaseReference(details.investmentId);
  const amount = formatUsd(details.amount);
  const outcome = details.isPaidOut
    ? `${amount} is paid out to your bank account instead.`
    : `${amount} stays in the matured note until you add a verified bank account, then it is paid out.`;
  return {
    kind: 'investment_purchase',
    title: `Note ${reference} could not be rolled over`,
    body: `${details.reason} ${outcome}`,
    email: {
      subject: `Your ${brandName} note could not be rolled over`,
      preheader: outcome,
      heading: 'Your note could not be rolled over',
      paragraphs: [
        `Your High-Yield note ${reference} matured and was set to roll over into a new note. A rollover is a new sale of notes, and this one could not be made: ${details.reason}`,
        outcome,
      ],
      facts: [
        { label: 'Note', value: reference },
        { label: 'Amount', value: amount },
      ],
      action: { label: 'View the note', path: `/notes/${details.investmentId}` },
    },
    sms: `${brandName}: note ${reference} could not be rolled over. ${outcome}`,
  };
}
