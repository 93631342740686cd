-- A citizen's notifications, written only by real events through services/notifications/notifyCitizen.ts
-- (never seeded): today a submitted application; later a status change, a comment from the institution,
-- an action required and a confirmed payment. `link` is a local path of the app (its subject's page).
CREATE TABLE notifications (
  id serial PRIMARY KEY,
  citizen_id integer NOT NULL REFERENCES citizens (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('solicitud_enviada', 'cambio_estado', 'comentario', 'accion_requerida', 'pago_confirmado')),
  title text NOT NULL,
  text text NOT NULL,
  link text NOT NULL CHECK (link LIKE '/%' AND link NOT LIKE '//%' AND link NOT LIKE '/\%' ESCAPE '|'),
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz
);
-- The list (newest first) and the unread count, both per citizen.
CREATE INDEX notifications_citizen_idx ON notifications (citizen_id, created_at DESC, id DESC);
CREATE INDEX notifications_unread_idx ON notifications (citizen_id) WHERE read_at IS NULL;

-- Links of interest shown on the home page: official sites of institutions, written by the portal team.
-- A reference table: loaded from src/db/reference/enlaces-interes.json when empty and replaced by
-- cli/importReference.ts (enlaces-interes). Shown in id order.
CREATE TABLE enlaces_interes (
  id integer PRIMARY KEY,
  titulo text NOT NULL,
  institucion text NOT NULL,
  descripcion text NOT NULL,
  url text NOT NULL CHECK (url ~ '^https://[A-Za-z0-9.-]+\.[A-Za-z]{2,}(/[^[:space:]]*)?$')
);
