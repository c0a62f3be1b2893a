-- Liquidity (issue 27 sections 1 and 2, PRODUCT.md 45, decisions 1940-1944): the cash staff
-- record for each operating and reserve account (four-eyes above a threshold), every daily
-- coverage check with its figures and its acknowledgement, and the public coverage page's
-- daily snapshot with the Merkle sum tree that lets a note holder check their notes are counted.
CREATE TABLE "cash_positions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_name" text NOT NULL,
	"account_kind" text NOT NULL,
	"balance" numeric(16, 2) NOT NULL,
	"as_of" date NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL DEFAULT 'manual',
	"recorded_by" uuid NOT NULL REFERENCES "admin_users"("id"),
	"recorded_at" timestamp with time zone NOT NULL,
	"decided_by" uuid REFERENCES "admin_users"("id"),
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	CONSTRAINT "cash_positions_kind_check" CHECK (account_kind in ('operating', 'reserve')),
	CONSTRAINT "cash_positions_status_check" CHECK (status in ('pending', 'recorded', 'rejected')),
	CONSTRAINT "cash_positions_source_check" CHECK (source in ('manual', 'csv')),
	CONSTRAINT "cash_positions_balance_check" CHECK (balance >= 0),
	CONSTRAINT "cash_positions_name_check" CHECK (length(account_name) between 1 and 80),
	CONSTRAINT "cash_positions_four_eyes_check" CHECK (decided_by is null or decided_by <> recorded_by),
	CONSTRAINT "cash_positions_decided_check" CHECK ((status = 'pending') = (decided_at is null))
);
--> statement-breakpoint
CREATE INDEX "cash_positions_account_idx" ON "cash_positions" ("account_name", "as_of" DESC, "recorded_at" DESC) WHERE status = 'recorded';
--> statement-breakpoint
CREATE INDEX "cash_positions_status_idx" ON "cash_positions" ("status", "recorded_at");
--> statement-breakpoint
CREATE TABLE "liquidity_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sequence" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
	"checked_on" date NOT NULL,
	"horizon_until" date NOT NULL,
	"threshold" numeric(8, 4) NOT NULL,
	"cash" numeric(16, 2) NOT NULL,
	"inflows" numeric(16, 2) NOT NULL,
	"obligations" numeric(16, 2) NOT NULL,
	"coverage" numeric(14, 4),
	"is_below" boolean NOT NULL,
	"first_below_period" date,
	"figures" jsonb NOT NULL,
	"staff_emailed" integer NOT NULL DEFAULT 0,
	"acknowledged_by" uuid REFERENCES "admin_users"("id"),
	"acknowledged_at" timestamp with time zone,
	"acknowledgement_note" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "liquidity_checks_acknowledged_check" CHECK ((acknowledged_by is null) = (acknowledged_at is null))
);
--> statement-breakpoint
CREATE INDEX "liquidity_checks_sequence_idx" ON "liquidity_checks" ("sequence" DESC);
--> statement-breakpoint
CREATE INDEX "liquidity_checks_open_idx" ON "liquidity_checks" ("sequence") WHERE is_below and acknowledged_at is null;
--> statement-breakpoint
CREATE TABLE "transparency_snapshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"taken_on" date NOT NULL,
	"figures" jsonb NOT NULL,
	"root_hash" text NOT NULL,
	"total_outstanding" numeric(16, 2) NOT NULL,
	"leaf_count" integer NOT NULL,
	"note_count" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "transparency_snapshots_created_idx" ON "transparency_snapshots" ("created_at" DESC);
--> statement-breakpoint
-- The leaves of the latest snapshots' trees (older snapshots keep only their digest): each note's
-- outstanding amount split into random parts at shuffled positions, each part salted.
CREATE TABLE "transparency_leaves" (
	"snapshot_id" uuid NOT NULL REFERENCES "transparency_snapshots"("id") ON DELETE cascade,
	"position" integer NOT NULL,
	"investment_id" uuid NOT NULL,
	"investor_id" uuid NOT NULL,
	"part" integer NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"salt" text NOT NULL,
	PRIMARY KEY ("snapshot_id", "position")
);
--> statement-breakpoint
CREATE INDEX "transparency_leaves_investor_idx" ON "transparency_leaves" ("snapshot_id", "investor_id");
--> statement-breakpoint
-- The tree's nodes from the block level up (a block's leaves are rebuilt when a proof is asked for).
CREATE TABLE "transparency_nodes" (
	"snapshot_id" uuid NOT NULL REFERENCES "transparency_snapshots"("id") ON DELETE cascade,
	"level" integer NOT NULL,
	"position" integer NOT NULL,
	"hash" text NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	PRIMARY KEY ("snapshot_id", "level", "position")
);
