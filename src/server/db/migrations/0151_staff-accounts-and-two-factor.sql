-- Issue 16.1 (decision 1601): staff invitations, TOTP two-factor with recovery codes, and the
-- sign-in challenge between the password and the second factor.
ALTER TABLE "admin_users" ADD COLUMN "totp_secret" text;
--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "totp_enabled_at" timestamp with time zone;
--> statement-breakpoint
-- The last TOTP time step accepted: a code is good once, even inside its 30-second window.
ALTER TABLE "admin_users" ADD COLUMN "totp_last_step" bigint;
--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "deactivated_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "admin_invitations" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "email" text NOT NULL,
  "first_name" text NOT NULL,
  "last_name" text NOT NULL,
  "role" text NOT NULL,
  "token_hash" text NOT NULL,
  "invited_by" uuid REFERENCES "admin_users" ("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "accepted_at" timestamp with time zone,
  "revoked_at" timestamp with time zone,
  CONSTRAINT "admin_invitations_role_check" CHECK ("role" IN ('super_admin', 'operations', 'support'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "admin_invitations_token_hash_key" ON "admin_invitations" USING btree ("token_hash");
--> statement-breakpoint
CREATE UNIQUE INDEX "admin_invitations_open_email_key" ON "admin_invitations" USING btree (lower("email"))
  WHERE "accepted_at" IS NULL AND "revoked_at" IS NULL;
--> statement-breakpoint
CREATE TABLE "admin_recovery_codes" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "admin_user_id" uuid NOT NULL REFERENCES "admin_users" ("id") ON DELETE CASCADE,
  "code_hash" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "admin_recovery_codes_admin_idx" ON "admin_recovery_codes" USING btree ("admin_user_id");
--> statement-breakpoint
CREATE TABLE "admin_sign_in_challenges" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "admin_user_id" uuid NOT NULL REFERENCES "admin_users" ("id") ON DELETE CASCADE,
  "token_hash" text NOT NULL,
  "kind" text NOT NULL,
  "failed_attempts" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone,
  "ip_address" text,
  "user_agent" text,
  CONSTRAINT "admin_sign_in_challenges_kind_check" CHECK ("kind" IN ('verify', 'enrol'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "admin_sign_in_challenges_token_hash_key" ON "admin_sign_in_challenges" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX "admin_sign_in_challenges_expires_idx" ON "admin_sign_in_challenges" USING btree ("expires_at");
