-- Several servers deliver one outbox (services/mail/deliverOutbox.ts): a server claims a message
-- (FOR UPDATE SKIP LOCKED) until claimed_until before sending it, so no message is sent twice.
-- A claim left by a server that stopped mid-send expires and the message is sent again later.
ALTER TABLE outbox ADD COLUMN claimed_until timestamptz;

-- Bodies hold one-time codes: they are erased once a message is delivered (sent_at) or given up
-- (5 attempts). Erase those that earlier versions kept.
UPDATE outbox SET body = '' WHERE sent_at IS NOT NULL OR attempts >= 5;
