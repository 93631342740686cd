-- Delivery of the outbox by SMTP when SMTP_URL is set (services/mail/deliverOutbox.ts).
ALTER TABLE outbox ADD COLUMN sent_at timestamptz;
ALTER TABLE outbox ADD COLUMN attempts integer NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN last_error text;
CREATE INDEX outbox_pending_idx ON outbox (id) WHERE sent_at IS NULL;
