ALTER TABLE "job_execution_history" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "job_execution_history_started_idx" ON "job_execution_history" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "job_execution_history_one_running_key" ON "job_execution_history" USING btree ("job_id") WHERE status = 'running';