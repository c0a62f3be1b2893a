CREATE TABLE "investor_notice_queue" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"investor_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"notice" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"bell_at" timestamp with time zone,
	"email_at" timestamp with time zone,
	"sms_at" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investor_notice_queue_status_check" CHECK (status in ('pending', 'sent', 'failed')),
	CONSTRAINT "investor_notice_queue_sent_check" CHECK ((status = 'sent') = (sent_at is not null))
);
--> statement-breakpoint
ALTER TABLE "investor_notice_queue" ADD CONSTRAINT "investor_notice_queue_investor_id_investors_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."investors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "investor_notice_queue_due_idx" ON "investor_notice_queue" USING btree ("next_attempt_at") WHERE status = 'pending';
