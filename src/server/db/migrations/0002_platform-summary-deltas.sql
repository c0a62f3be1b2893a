CREATE TABLE "platform_summary_deltas" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "platform_summary_deltas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"assets_under_management" numeric(14, 2) DEFAULT '0' NOT NULL,
	"investor_count" bigint DEFAULT 0 NOT NULL,
	"active_investor_count" bigint DEFAULT 0 NOT NULL,
	"interest_paid" numeric(14, 2) DEFAULT '0' NOT NULL,
	"active_investment_count" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
