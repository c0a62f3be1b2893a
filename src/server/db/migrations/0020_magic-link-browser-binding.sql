-- The browser that asked for a magic link (PRODUCT.md 34): the SHA-256 of a random value kept in
-- a short-lived http-only cookie. /auth/confirm uses the link by itself only in that browser.
ALTER TABLE "one_time_tokens" ADD COLUMN "browser_binding_hash" text;
