/**
 * When an interest payment is withheld from (decisions 1911-1912), as SQL the posting statements
 * embed, so the money engine decides it set-based in the same statement that pays. The rule
 * starts on the day kept in app_settings (`backup_withholding_started_on`, written by migration
 * 0410): nothing paid before it is withheld from. Without that row (an emptied test database)
 * the rule has not started.
 */
import { type SQL, sql } from 'drizzle-orm';
import { DEFAULT_BACKUP_WITHHOLDING_RATE } from '../../../shared/tax/backup-withholding';

export const BACKUP_WITHHOLDING_STARTED_SETTING = 'backup_withholding_started_on';

export interface BackupWithholdingRule {
  /** The rate as a fraction ("0.24"): BACKUP_WITHHOLDING_RATE. */
  rate: string;
  /** Days an uncertified TIN is not withheld from (BACKUP_WITHHOLDING_GRACE_DAYS; decision 1912). */
  graceDays: number;
}

export const DEFAULT_BACKUP_WITHHOLDING_RULE: BackupWithholdingRule = {
  rate: DEFAULT_BACKUP_WITHHOLDING_RATE,
  graceDays: 0,
};

const startedOn = sql`(select (s.value #>> '{}')::date from app_settings s where s.key = ${BACKUP_WITHHOLDING_STARTED_SETTING})`;

/**
 * The reason a payment to `investor` made on `paymentDate` is withheld from, or null: an open B
 * notice; a current certification with item 2 crossed out; or no current certification once
 * the grace has run (from the later of the rule's start and the day the TIN was furnished; with
 * no TIN on file there is no grace, 26 U.S.C. 3406(a)(1)(A)).
 */
export function backupWithholdingReasonSql(
  investor: SQL,
  paymentDate: SQL,
  rule: BackupWithholdingRule,
): SQL {
  return sql`(case
    when ${startedOn} is null or ${paymentDate} < ${startedOn} then null
    when exists (select 1 from backup_withholding_notices bn
                 where bn.investor_id = ${investor} and bn.resolved_at is null) then 'b_notice'
    when exists (select 1 from tin_certifications tc
                 where tc.investor_id = ${investor} and tc.superseded_at is null and tc.subject_to_backup_withholding)
      then 'certified_subject'
    when exists (select 1 from tin_certifications tc
                 where tc.investor_id = ${investor} and tc.superseded_at is null) then null
    when not exists (select 1 from tax_records tr where tr.investor_id = ${investor} and tr.kyc_status <> 'rejected')
      then 'no_certified_tin'
    when ${paymentDate} >= (select greatest(${startedOn}, tr.created_at::date) + ${rule.graceDays}::int
                            from tax_records tr where tr.investor_id = ${investor}) then 'no_certified_tin'
    else null end)`;
}
