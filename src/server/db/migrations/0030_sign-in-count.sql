-- How many times a person has signed in (a full session was started), so the portal can tell a
-- first visit from a return (issue 13 item 17: no "Welcome back" on a first visit). Accounts that
-- exist already have signed in at least once; new accounts start at 0.
ALTER TABLE "users" ADD COLUMN "sign_in_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "sign_in_count" SET DEFAULT 0;
