-- Each outbox message keeps one Message-ID for all its attempts (services/mail/deliverOutbox.ts):
-- a message sent again after a server stopped between the SMTP server's acceptance and the
-- recording of the send reaches the mailbox as a second copy of the same message, which mail
-- systems recognise by that header, rather than as a new message.
ALTER TABLE outbox ADD COLUMN message_id uuid NOT NULL DEFAULT gen_random_uuid();
