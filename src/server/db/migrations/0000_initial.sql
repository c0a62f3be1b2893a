CREATE TABLE "ach_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"investor_id" uuid NOT NULL,
	"bank_account_id" uuid,
	"investment_id" uuid,
	"withdrawal_id" uuid,
	"payment_type" text NOT NULL,
	"direction" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"effective_date" date NOT NULL,
	"settled_at" timestamp with time zone,
	"failure_reason" text,
	"provider_reference" text,
	"posting_period" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ach_payments_type_check" CHECK (payment_type in ('funding', 'interest', 'withdrawal')),
	CONSTRAINT "ach_payments_direction_check" CHECK (direction in ('debit', 'credit')),
	CONSTRAINT "ach_payments_status_check" CHECK (status in ('pending', 'completed', 'failed', 'cancelled')),
	CONSTRAINT "ach_payments_amount_check" CHECK (amount > 0)
);
--> statement-breakpoint
CREATE TABLE "admin_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"csrf_token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip_address" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "admin_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"role" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_users_role_check" CHECK (role in ('super_admin', 'operations', 'support'))
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"investor_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_item_id" text,
	"provider_account_id" text,
	"access_token_encrypted" text,
	"institution_name" text NOT NULL,
	"institution_logo" text,
	"account_type" text NOT NULL,
	"account_name" text,
	"account_last_four" text NOT NULL,
	"account_number_encrypted" text,
	"routing_number" text,
	"is_primary" boolean DEFAULT false NOT NULL,
	"verification_status" text DEFAULT 'pending' NOT NULL,
	"micro_deposit_1" numeric(14, 2),
	"micro_deposit_2" numeric(14, 2),
	"micro_deposit_failed_attempts" integer DEFAULT 0 NOT NULL,
	"replaces_bank_account_id" uuid,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_accounts_verification_check" CHECK (verification_status in ('pending', 'micro_deposits_pending', 'verified', 'failed')),
	CONSTRAINT "bank_accounts_type_check" CHECK (account_type in ('checking', 'savings')),
	CONSTRAINT "bank_accounts_provider_check" CHECK (provider in ('sandbox', 'plaid', 'manual')),
	CONSTRAINT "bank_accounts_last_four_check" CHECK (account_last_four ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "debit_authorizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"investment_id" uuid NOT NULL,
	"investor_id" uuid NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"agreement_version" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"authorized_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key"),
	CONSTRAINT "idempotency_keys_status_check" CHECK (status in ('in_progress', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "investment_product_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"admin_user_id" uuid,
	"action" text NOT NULL,
	"old_values" jsonb,
	"new_values" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investment_product_audit_action_check" CHECK (action in ('created', 'updated', 'activated', 'deactivated'))
);
--> statement-breakpoint
CREATE TABLE "investment_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"display_name" text NOT NULL,
	"investment_type" text DEFAULT 'standard' NOT NULL,
	"description" text,
	"interest_rate_annual" numeric(9, 6) NOT NULL,
	"term_years" integer NOT NULL,
	"minimum_purchase_amount" numeric(14, 2) NOT NULL,
	"available_from" date,
	"available_until" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investment_products_type_check" CHECK (investment_type in ('standard', 'high_yield')),
	CONSTRAINT "investment_products_term_check" CHECK (term_years >= 1),
	CONSTRAINT "investment_products_rate_check" CHECK (interest_rate_annual > 0 and interest_rate_annual < 1),
	CONSTRAINT "investment_products_minimum_check" CHECK (minimum_purchase_amount > 0),
	CONSTRAINT "investment_products_window_check" CHECK (available_from is null or available_until is null or available_from <= available_until)
);
--> statement-breakpoint
CREATE TABLE "investment_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"investment_id" uuid NOT NULL,
	"investor_id" uuid NOT NULL,
	"transaction_type" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"value_effect" numeric(14, 2) NOT NULL,
	"transaction_date" date NOT NULL,
	"posting_period" date,
	"reverses_transaction_id" uuid,
	"ach_payment_id" uuid,
	"withdrawal_id" uuid,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investment_transactions_type_check" CHECK (transaction_type in ('purchase', 'interest_payment', 'withdrawal', 'reinvestment', 'reversal')),
	CONSTRAINT "investment_transactions_amount_check" CHECK (amount >= 0),
	CONSTRAINT "investment_transactions_effect_check" CHECK ((transaction_type = 'purchase' and value_effect = amount)
        or (transaction_type = 'interest_payment' and value_effect in (0, amount))
        or (transaction_type = 'withdrawal' and value_effect = -amount)
        or (transaction_type = 'reinvestment' and value_effect in (amount, -amount))
        or (transaction_type = 'reversal' and reverses_transaction_id is not null))
);
--> statement-breakpoint
CREATE TABLE "investments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"investor_id" uuid NOT NULL,
	"product_id" uuid,
	"investment_type" text NOT NULL,
	"principal_amount" numeric(14, 2) NOT NULL,
	"interest_rate_annual" numeric(9, 6) NOT NULL,
	"term_years" integer NOT NULL,
	"start_date" date NOT NULL,
	"maturity_date" date NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"accrued_through" date NOT NULL,
	"interest_accrued" numeric(24, 10) DEFAULT '0' NOT NULL,
	"interest_posted" numeric(14, 2) DEFAULT '0' NOT NULL,
	"last_posted_period" date,
	"idempotency_key" text,
	"source_investment_id" uuid,
	"matured_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancellation_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investments_type_check" CHECK (investment_type in ('standard', 'high_yield')),
	CONSTRAINT "investments_status_check" CHECK (status in ('active', 'matured', 'withdrawn', 'cancelled')),
	CONSTRAINT "investments_principal_check" CHECK (principal_amount > 0),
	CONSTRAINT "investments_dates_check" CHECK (maturity_date > start_date and accrued_through >= start_date)
);
--> statement-breakpoint
CREATE TABLE "investor_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"investor_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "investor_onboarding" (
	"investor_id" uuid PRIMARY KEY NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"phone_verified" boolean DEFAULT false NOT NULL,
	"password_verified" boolean DEFAULT false NOT NULL,
	"last_step_completed" text,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investor_onboarding_step_check" CHECK (last_step_completed is null or last_step_completed in ('email', 'phone', 'password'))
);
--> statement-breakpoint
CREATE TABLE "investors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"first_name" text,
	"last_name" text,
	"email" text NOT NULL,
	"phone" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"referral_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investors_status_check" CHECK (status in ('pending', 'active', 'suspended', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "job_execution_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"trigger" text DEFAULT 'schedule' NOT NULL,
	"scheduled_for" timestamp with time zone,
	"execution_date" date,
	"records_processed" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"error_message" text,
	"execution_metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"triggered_by_admin_id" uuid,
	"instance_id" text,
	CONSTRAINT "job_execution_history_status_check" CHECK (status in ('running', 'completed', 'failed')),
	CONSTRAINT "job_execution_history_trigger_check" CHECK (trigger in ('schedule', 'manual', 'startup'))
);
--> statement-breakpoint
CREATE TABLE "notification_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"template_id" uuid,
	"type" text,
	"subject" text,
	"body" text,
	"target_filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"scheduled_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"status" text DEFAULT 'draft' NOT NULL,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"sent_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_campaigns_status_check" CHECK (status in ('draft', 'sending', 'sent', 'failed')),
	CONSTRAINT "notification_campaigns_type_check" CHECK (type is null or type in ('email', 'sms'))
);
--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid,
	"investor_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error_message" text,
	"outbox_message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "notification_deliveries_channel_check" CHECK (channel in ('email', 'sms')),
	CONSTRAINT "notification_deliveries_status_check" CHECK (status in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"investor_id" uuid PRIMARY KEY NOT NULL,
	"investment_purchase_email" boolean DEFAULT true NOT NULL,
	"investment_purchase_sms" boolean DEFAULT false NOT NULL,
	"interest_payment_email" boolean DEFAULT true NOT NULL,
	"interest_payment_sms" boolean DEFAULT false NOT NULL,
	"withdrawal_confirmation_email" boolean DEFAULT true NOT NULL,
	"withdrawal_confirmation_sms" boolean DEFAULT false NOT NULL,
	"account_verification_email" boolean DEFAULT true NOT NULL,
	"account_verification_sms" boolean DEFAULT false NOT NULL,
	"marketing_email" boolean DEFAULT false NOT NULL,
	"marketing_sms" boolean DEFAULT false NOT NULL,
	"marketing_sms_consent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'email' NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_templates_type_check" CHECK (type in ('email', 'sms')),
	CONSTRAINT "notification_templates_subject_check" CHECK ((type = 'email' and subject is not null) or (type = 'sms' and subject is null))
);
--> statement-breakpoint
CREATE TABLE "one_time_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"redirect_to" text,
	"referral_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "one_time_tokens_purpose_check" CHECK (purpose in ('magic_link', 'password_reset', 'email_change'))
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text,
	"text" text NOT NULL,
	"html" text,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"provider" text NOT NULL,
	"provider_message_id" text,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_messages_channel_check" CHECK (channel in ('email', 'sms')),
	CONSTRAINT "outbox_messages_status_check" CHECK (status in ('sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "page_hotspots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page_slug" text NOT NULL,
	"label" text NOT NULL,
	"href" text NOT NULL,
	"top_percent" numeric(5, 2) NOT NULL,
	"left_percent" numeric(5, 2) NOT NULL,
	"width_percent" numeric(5, 2) NOT NULL,
	"height_percent" numeric(5, 2) NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_hotspots_page_check" CHECK (page_slug in ('abouttemp', 'custom-page-1', 'custom-page-2')),
	CONSTRAINT "page_hotspots_top_check" CHECK (top_percent between 0 and 95),
	CONSTRAINT "page_hotspots_left_check" CHECK (left_percent between 0 and 95),
	CONSTRAINT "page_hotspots_width_check" CHECK (width_percent between 2 and 90),
	CONSTRAINT "page_hotspots_height_check" CHECK (height_percent between 1 and 80)
);
--> statement-breakpoint
CREATE TABLE "platform_summary" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"assets_under_management" numeric(14, 2) DEFAULT '0' NOT NULL,
	"investor_count" bigint DEFAULT 0 NOT NULL,
	"active_investor_count" bigint DEFAULT 0 NOT NULL,
	"interest_paid" numeric(14, 2) DEFAULT '0' NOT NULL,
	"active_investment_count" bigint DEFAULT 0 NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_counters_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referrer_investor_id" uuid NOT NULL,
	"referred_investor_id" uuid NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"function_name" text DEFAULT 'calculate-daily-interest' NOT NULL,
	"schedule_cron" text DEFAULT '0 0 * * *' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"configuration" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"kind" text DEFAULT 'full' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"stepped_up_at" timestamp with time zone,
	"ip_address" text,
	"user_agent" text,
	CONSTRAINT "sessions_kind_check" CHECK (kind in ('full', 'second_factor'))
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"phone_e164" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "sms_codes_purpose_check" CHECK (purpose in ('verify_phone', 'sign_in', 'second_factor', 'step_up', 'change_phone'))
);
--> statement-breakpoint
CREATE TABLE "tax_records" (
	"investor_id" uuid PRIMARY KEY NOT NULL,
	"legal_first_name" text NOT NULL,
	"legal_last_name" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"address1" text NOT NULL,
	"address2" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"postal_code" text NOT NULL,
	"ssn_encrypted" text NOT NULL,
	"ssn_last_four" text NOT NULL,
	"kyc_status" text NOT NULL,
	"kyc_provider" text NOT NULL,
	"kyc_reference" text,
	"kyc_checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_records_kyc_status_check" CHECK (kyc_status in ('approved', 'rejected', 'review'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"email_verified_at" timestamp with time zone,
	"phone_e164" text,
	"phone_verified_at" timestamp with time zone,
	"password_hash" text,
	"password_set_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"investor_id" uuid NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"scheduled_for" date NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"failure_reason" text,
	"ach_payment_id" uuid,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_status_check" CHECK (status in ('pending', 'paid', 'cancelled', 'failed')),
	CONSTRAINT "withdrawals_amount_check" CHECK (amount > 0)
);
--> statement-breakpoint
ALTER TABLE "ach_payments" ADD CONSTRAINT "ach_payments_investor_id_investors_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."investors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ach_payments" ADD CONSTRAINT "ach_payments_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ach_payments" ADD CONSTRAINT "ach_payments_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD CONSTRAINT "admin_sessions_admin_user_id_admin_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_investor_id_investors_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."investors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_replaces_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("replaces_bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debit_authorizations" ADD CONSTRAINT "debit_authorizations_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debit_authorizations" ADD CONSTRAINT "debit_authorizations_investor_id_investors_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."investors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debit_authorizations" ADD CONSTRAINT "debit_authorizations_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_product_audit" ADD CONSTRAINT "investment_product_audit_product_id_investment_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."investment_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_product_audit" ADD CONSTRAINT "investment_product_audit_admin_user_id_admin_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_transactions" ADD CONSTRAINT "investment_transactions_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_transactions" ADD CONSTRAINT "investment_transactions_investor_id_investors_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."investors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_transactions" ADD CONSTRAINT "investment_transactions_reverses_transaction_id_investment_transactions_id_fk" FOREIGN KEY ("reverses_transaction_id") REFERENCES "public"."investment_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_investor_id_investors_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."investors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_product_id_investment_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."investment_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_source_investment_id_investments_id_fk" FOREIGN KEY ("source_investment_id") REFERENCES "public"."investments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_notifications" ADD CONSTRAINT "investor_notifications_investor_id_investors_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."investors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_onboarding" ADD CONSTRAINT "investor_onboarding_investor_id_investors_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."investors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investors" ADD CONSTRAINT "investors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_execution_history" ADD CONSTRAINT "job_execution_history_job_id_scheduled_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."scheduled_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_execution_history" ADD CONSTRAINT "job_execution_history_triggered_by_admin_id_admin_users_id_fk" FOREIGN KEY ("triggered_by_admin_id") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_campaigns" ADD CONSTRAINT "notification_campaigns_template_id_notification_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."notification_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_campaigns" ADD CONSTRAINT "notification_campaigns_created_by_admin_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_campaign_id_notification_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."notification_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_investor_id_investors_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."investors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_investor_id_investors_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."investors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_hotspots" ADD CONSTRAINT "page_hotspots_updated_by_admin_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."admin_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_investor_id_investors_id_fk" FOREIGN KEY ("referrer_investor_id") REFERENCES "public"."investors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referred_investor_id_investors_id_fk" FOREIGN KEY ("referred_investor_id") REFERENCES "public"."investors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_codes" ADD CONSTRAINT "sms_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_records" ADD CONSTRAINT "tax_records_investor_id_investors_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."investors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_investor_id_investors_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."investors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ach_payments_status_idx" ON "ach_payments" USING btree ("status","effective_date");--> statement-breakpoint
CREATE INDEX "ach_payments_investor_idx" ON "ach_payments" USING btree ("investor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ach_payments_type_status_idx" ON "ach_payments" USING btree ("payment_type","status");--> statement-breakpoint
CREATE UNIQUE INDEX "ach_payments_funding_key" ON "ach_payments" USING btree ("investment_id") WHERE payment_type = 'funding';--> statement-breakpoint
CREATE UNIQUE INDEX "ach_payments_interest_key" ON "ach_payments" USING btree ("investment_id","posting_period") WHERE payment_type = 'interest';--> statement-breakpoint
CREATE UNIQUE INDEX "admin_sessions_token_hash_key" ON "admin_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "admin_sessions_admin_idx" ON "admin_sessions" USING btree ("admin_user_id");--> statement-breakpoint
CREATE INDEX "admin_sessions_expires_idx" ON "admin_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_users_email_lower_key" ON "admin_users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "bank_accounts_investor_idx" ON "bank_accounts" USING btree ("investor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_one_primary_key" ON "bank_accounts" USING btree ("investor_id") WHERE is_primary and deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "debit_authorizations_investment_key" ON "debit_authorizations" USING btree ("investment_id");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "investment_product_audit_product_idx" ON "investment_product_audit" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "investment_products_type_term_idx" ON "investment_products" USING btree ("investment_type","term_years");--> statement-breakpoint
CREATE INDEX "investment_transactions_investor_idx" ON "investment_transactions" USING btree ("investor_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "investment_transactions_investor_type_idx" ON "investment_transactions" USING btree ("investor_id","transaction_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "investment_transactions_investment_idx" ON "investment_transactions" USING btree ("investment_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "investment_transactions_created_idx" ON "investment_transactions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "investment_transactions_posting_key" ON "investment_transactions" USING btree ("investment_id","posting_period") WHERE transaction_type = 'interest_payment';--> statement-breakpoint
CREATE UNIQUE INDEX "investment_transactions_reversal_key" ON "investment_transactions" USING btree ("reverses_transaction_id") WHERE reverses_transaction_id is not null;--> statement-breakpoint
CREATE INDEX "investments_investor_start_idx" ON "investments" USING btree ("investor_id","start_date" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "investments_investor_type_idx" ON "investments" USING btree ("investor_id","investment_type","start_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "investments_status_idx" ON "investments" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "investments_idempotency_key" ON "investments" USING btree ("investor_id","idempotency_key") WHERE idempotency_key is not null;--> statement-breakpoint
CREATE INDEX "investor_notifications_investor_idx" ON "investor_notifications" USING btree ("investor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "investors_user_key" ON "investors" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "investors_referral_code_key" ON "investors" USING btree ("referral_code");--> statement-breakpoint
CREATE INDEX "investors_created_idx" ON "investors" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "investors_email_lower_idx" ON "investors" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "investors_phone_idx" ON "investors" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "investors_status_idx" ON "investors" USING btree ("status");--> statement-breakpoint
CREATE INDEX "job_execution_history_job_idx" ON "job_execution_history" USING btree ("job_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "job_execution_history_running_idx" ON "job_execution_history" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "job_execution_history_slot_key" ON "job_execution_history" USING btree ("job_id","scheduled_for") WHERE trigger = 'schedule';--> statement-breakpoint
CREATE INDEX "notification_campaigns_created_idx" ON "notification_campaigns" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notification_campaigns_due_idx" ON "notification_campaigns" USING btree ("status","scheduled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_deliveries_campaign_investor_key" ON "notification_deliveries" USING btree ("campaign_id","investor_id") WHERE campaign_id is not null;--> statement-breakpoint
CREATE INDEX "notification_deliveries_status_idx" ON "notification_deliveries" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "notification_templates_created_idx" ON "notification_templates" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_tokens_hash_key" ON "one_time_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "one_time_tokens_expires_idx" ON "one_time_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_created_idx" ON "outbox_messages" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "outbox_messages_to_idx" ON "outbox_messages" USING btree ("to_address","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "page_hotspots_page_idx" ON "page_hotspots" USING btree ("page_slug","sort_order");--> statement-breakpoint
CREATE INDEX "rate_limit_counters_expires_idx" ON "rate_limit_counters" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_referred_key" ON "referrals" USING btree ("referred_investor_id");--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_investor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_jobs_name_key" ON "scheduled_jobs" USING btree ("name");--> statement-breakpoint
CREATE INDEX "scheduled_jobs_due_idx" ON "scheduled_jobs" USING btree ("enabled","next_run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sms_codes_phone_idx" ON "sms_codes" USING btree ("phone_e164","purpose","created_at");--> statement-breakpoint
CREATE INDEX "sms_codes_expires_idx" ON "sms_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_phone_idx" ON "users" USING btree ("phone_e164");--> statement-breakpoint
CREATE INDEX "withdrawals_investor_idx" ON "withdrawals" USING btree ("investor_id","requested_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","scheduled_for");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_idempotency_key" ON "withdrawals" USING btree ("investor_id","idempotency_key") WHERE idempotency_key is not null;