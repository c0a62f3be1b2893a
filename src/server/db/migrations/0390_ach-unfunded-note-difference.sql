-- Issue 24 item 1 (decision 1801): the daily reconciliation also reports a note still active or
-- matured whose funding debit ended in any state but settled (failed, returned or cancelled).
ALTER TABLE "ach_reconciliation_differences" DROP CONSTRAINT "ach_reconciliation_differences_kind_check";
--> statement-breakpoint
ALTER TABLE "ach_reconciliation_differences" ADD CONSTRAINT "ach_reconciliation_differences_kind_check"
  CHECK (kind in ('status_mismatch', 'amount_mismatch', 'unknown_transfer', 'missing_transfer', 'return_code_mismatch',
                  'unfunded_note'));
