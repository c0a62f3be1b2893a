-- Issue 16.2 (decision 1600): one append-only record of every admin write, sign-in and failed sign-in.
-- Rows are written by recordAdminAudit in the same transaction as the change they describe; the
-- triggers below refuse UPDATE and DELETE, so no code path (nor a mistaken query) can rewrite history.
CREATE TABLE "admin_audit_log" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
  "actor_admin_id" uuid REFERENCES "admin_users" ("id"),
  "actor_email" text,
  "ip_address" text,
  "action" text NOT NULL,
  "target_type" text NOT NULL,
  "target_id" text,
  "before" jsonb,
  "after" jsonb,
  CONSTRAINT "admin_audit_log_action_check" CHECK ("action" ~ '^[a-z][a-z_]*(\.[a-z][a-z_]*)+$' AND length("action") <= 80),
  CONSTRAINT "admin_audit_log_target_type_check" CHECK ("target_type" ~ '^[a-z][a-z_]*$' AND length("target_type") <= 40),
  CONSTRAINT "admin_audit_log_target_id_check" CHECK ("target_id" IS NULL OR length("target_id") <= 200),
  CONSTRAINT "admin_audit_log_actor_email_check" CHECK ("actor_email" IS NULL OR length("actor_email") <= 254),
  CONSTRAINT "admin_audit_log_ip_address_check" CHECK ("ip_address" IS NULL OR length("ip_address") <= 64)
);
--> statement-breakpoint
CREATE INDEX "admin_audit_log_occurred_idx" ON "admin_audit_log" USING btree ("occurred_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "admin_audit_log_actor_idx" ON "admin_audit_log" USING btree ("actor_admin_id", "occurred_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "admin_audit_log_action_idx" ON "admin_audit_log" USING btree ("action", "occurred_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "admin_audit_log_target_idx" ON "admin_audit_log" USING btree ("target_type", "target_id", "occurred_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE FUNCTION admin_audit_log_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER admin_audit_log_append_only BEFORE UPDATE OR DELETE ON "admin_audit_log"
  FOR EACH ROW EXECUTE FUNCTION admin_audit_log_refuse_change();
