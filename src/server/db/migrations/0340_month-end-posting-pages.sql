-- Issue 14.4 (decision 1413): the month-end posting touches fewer pages.
--
-- At a million notes the posting day's cost is full-page images: every page an insert or update
-- first touches after a checkpoint is written to the WAL whole (8 kB), and an index keyed by a
-- random uuid has its new entries spread over all of its pages. These keep new entries together.
--
-- A uuid that starts with the time it was made (the layout of UUID version 7, RFC 9562): new
-- ledger entries and ACH payments go to the right-hand end of their primary keys instead of
-- anywhere in them. The rest of the bits are random, as before.
CREATE OR REPLACE FUNCTION time_ordered_uuid() RETURNS uuid
  LANGUAGE sql VOLATILE PARALLEL SAFE
  AS $$
    select encode(
      set_bit(set_bit(
        overlay(uuid_send(gen_random_uuid())
                placing substring(int8send(floor(extract(epoch from clock_timestamp()) * 1000)::bigint) from 3)
                from 1 for 6),
        52, 1), 53, 1),
      'hex')::uuid
  $$;
--> statement-breakpoint
ALTER TABLE "investment_transactions" ALTER COLUMN "id" SET DEFAULT time_ordered_uuid();
--> statement-breakpoint
ALTER TABLE "ach_payments" ALTER COLUMN "id" SET DEFAULT time_ordered_uuid();
--> statement-breakpoint
-- The one-posting-per-note-and-period key, period first: a month's postings fill that month's
-- part of the index instead of one entry on every page of it (the key and the ON CONFLICT target
-- are the same set of columns; a lookup of one note and period still uses it).
DROP INDEX IF EXISTS "investment_transactions_posting_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "investment_transactions_posting_key" ON "investment_transactions" USING btree
  ("posting_period", "investment_id") WHERE transaction_type = 'interest_payment';
--> statement-breakpoint
-- Room for a whole page of new row versions: the posting day and every daily accrual rewrite
-- every note in one transaction, and only when the new version fits on the old one's page does
-- the update leave the note's indexes alone (HOT). At 80 a page had room for about a quarter of
-- its notes; the rest moved, with a new entry in every index of investments. Rows get the room
-- when they next move (or at a VACUUM FULL of investments).
ALTER TABLE "investments" SET (fillfactor = 50);
