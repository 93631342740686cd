-- Paying for a request (issue 13). A request's charges stay in `request_items` (one per agency
-- or institution paid); this migration adds how each is paid and what proves it, the attempts
-- made with a card, the orders of the card payment page, the authorization numbers of bank
-- transfers and deposits, and the prices with their variations. Card numbers and security codes
-- are never stored anywhere: only the brand, the last four digits and the processor's reference.
-- The statuses and methods below repeat packages/api-contract/src/paymentSchema.ts
-- (test/payments.test.ts compares them). The statuses' CHECK and default are rewritten from it
-- at every start when they differ (db/syncStatusConstraints.ts, test/statusDefinitions.test.ts).

-- 1. The charges: status, method, proof and the amount before variations.
ALTER TABLE request_items DROP CONSTRAINT IF EXISTS request_items_status_check;
ALTER TABLE request_items ADD CONSTRAINT request_items_status_check CHECK (status IN ('pendiente', 'en_verificacion', 'pagado'));
ALTER TABLE request_items
  -- What the schedule charges before any variation; `amount` = base_amount + quantity × the chosen variations.
  ADD COLUMN base_amount numeric(14, 2),
  ADD COLUMN method text CHECK (method IN ('tarjeta', 'pagina_de_pago', 'comprobante', 'transferencia', 'cardnet')),
  ADD COLUMN paid_at timestamptz,
  -- The processor's reference, the card page's authorization code, or the bank's confirmation.
  ADD COLUMN reference text CHECK (length(reference) <= 64),
  ADD COLUMN card_brand text CHECK (length(card_brand) <= 20),
  ADD COLUMN card_last4 text CHECK (card_last4 ~ '^[0-9]{4}$'),
  -- DGII: the payment authorization number the citizen pays with at the bank (request_dgii.no_autorizacion).
  ADD COLUMN no_autorizacion text UNIQUE CHECK (no_autorizacion ~ '^[0-9]{11}$'),
  -- The approval number the citizen gives with a proof of payment or a transfer.
  ADD COLUMN approval_number text CHECK (length(approval_number) BETWEEN 1 AND 30),
  ADD COLUMN proof_document_id integer REFERENCES documents (id) ON DELETE SET NULL,
  -- Why the institution did not accept the last proof (shown to the citizen).
  ADD COLUMN review_note text CHECK (length(review_note) <= 2000),
  ADD COLUMN quantity integer NOT NULL DEFAULT 1 CHECK (quantity BETWEEN 1 AND 999),
  ADD COLUMN estimated_date text CHECK (length(estimated_date) <= 60),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
UPDATE request_items SET base_amount = amount;
ALTER TABLE request_items ALTER COLUMN base_amount SET NOT NULL;
-- A charge written without its base amount (older code, tests) starts at its amount; one written
-- paid without its date was paid now.
CREATE FUNCTION request_items_default_base() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.base_amount IS NULL THEN NEW.base_amount := NEW.amount; END IF;
  IF NEW.status = 'pagado' AND NEW.paid_at IS NULL THEN NEW.paid_at := now(); END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER request_items_base BEFORE INSERT ON request_items FOR EACH ROW EXECUTE FUNCTION request_items_default_base();
UPDATE request_items SET paid_at = now() WHERE status = 'pagado';
-- DGII charges submitted before this migration get their authorization number now.
UPDATE request_items SET no_autorizacion = lpad((100000000 + id)::text, 11, '0') WHERE agency = 'DGII' AND no_autorizacion IS NULL;
-- A paid charge says how and when; a charge under review has its proof.
ALTER TABLE request_items ADD CONSTRAINT request_items_paid_check CHECK (status <> 'pagado' OR paid_at IS NOT NULL);
CREATE INDEX request_items_review_idx ON request_items (agency, id) WHERE status = 'en_verificacion';

-- 2. Card charges (the in-page card form): one row per attempt. At most one attempt of a charge is
-- in flight or approved at a time (the partial unique index), so a double click, a retry or two
-- tabs charge the card once.
CREATE TABLE payment_attempts (
  id serial PRIMARY KEY,
  item_id integer NOT NULL REFERENCES request_items (id) ON DELETE CASCADE,
  method text NOT NULL CHECK (method IN ('tarjeta', 'pagina_de_pago', 'transferencia', 'cardnet')),
  status text NOT NULL CHECK (status IN ('en_curso', 'aprobado', 'rechazado', 'error')),
  amount numeric(14, 2) NOT NULL CHECK (amount >= 0),
  reference text CHECK (length(reference) <= 64),
  card_brand text CHECK (length(card_brand) <= 20),
  card_last4 text CHECK (card_last4 ~ '^[0-9]{4}$'),
  -- The processor's or the bank's answer, in Spanish (never card data).
  outcome text CHECK (length(outcome) <= 300),
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE UNIQUE INDEX payment_attempts_one_live_idx ON payment_attempts (item_id) WHERE status IN ('en_curso', 'aprobado');
CREATE INDEX payment_attempts_item_idx ON payment_attempts (item_id, id);

-- 3. Orders sent to the card payment page (Cámara de Comercio). The order number is what the
-- page returns; an order is settled once (abierta → aprobada), so a replayed return changes nothing.
CREATE TABLE card_page_orders (
  order_number text PRIMARY KEY CHECK (order_number ~ '^[A-Za-z0-9]{1,15}$'),
  item_id integer NOT NULL REFERENCES request_items (id) ON DELETE CASCADE,
  -- Amount as the page receives it: cents, no separators ("500000" for RD$ 5,000.00).
  amount text NOT NULL CHECK (amount ~ '^[0-9]{1,15}$'),
  status text NOT NULL DEFAULT 'abierta' CHECK (status IN ('abierta', 'aprobada', 'rechazada', 'cancelada')),
  authorization_code text CHECK (length(authorization_code) <= 20),
  rrn text CHECK (length(rrn) <= 30),
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz
);
CREATE UNIQUE INDEX card_page_orders_one_approved_idx ON card_page_orders (item_id) WHERE status = 'aprobada';
CREATE INDEX card_page_orders_item_idx ON card_page_orders (item_id);

-- 4. Authorization numbers for a transfer or deposit (GENERATE_CODE_MODAL): 11 random digits,
-- unique; a new one replaces the citizen's previous one for the same charge.
CREATE TABLE payment_codes (
  code text PRIMARY KEY CHECK (code ~ '^[0-9]{11}$'),
  item_id integer NOT NULL REFERENCES request_items (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  replaced_at timestamptz,
  used_at timestamptz
);
CREATE UNIQUE INDEX payment_codes_current_idx ON payment_codes (item_id) WHERE replaced_at IS NULL;

-- 5. Prices and their variations (spec §3), per online service (`form`) and agency charged.
CREATE TABLE service_prices (
  id serial PRIMARY KEY,
  form text NOT NULL,
  agency text NOT NULL CHECK (agency ~ '^[A-Z]{2,20}$'),
  concept text NOT NULL,
  is_allow_multiple boolean NOT NULL DEFAULT false,
  UNIQUE (form, agency)
);
CREATE TABLE price_variations (
  id serial PRIMARY KEY,
  price_id integer NOT NULL REFERENCES service_prices (id) ON DELETE CASCADE,
  concept text NOT NULL,
  description text NOT NULL DEFAULT '',
  price numeric(14, 2) NOT NULL CHECK (price >= 0),
  hours integer NOT NULL DEFAULT 0 CHECK (hours >= 0),
  days integer NOT NULL DEFAULT 0 CHECK (days >= 0),
  months integer NOT NULL DEFAULT 0 CHECK (months >= 0)
);
CREATE INDEX price_variations_price_idx ON price_variations (price_id, id);
-- The variations a citizen chose for a charge (POST /v1/portals/request-variation-select).
CREATE TABLE request_item_variations (
  item_id integer NOT NULL REFERENCES request_items (id) ON DELETE CASCADE,
  variation_id integer NOT NULL REFERENCES price_variations (id),
  PRIMARY KEY (item_id, variation_id)
);

-- Sandbox prices (fictional figures, like the fee schedule of services/applications/feeSchedule.ts).
INSERT INTO service_prices (form, agency, concept, is_allow_multiple) VALUES
  ('formalizacion', 'ONAPI', 'Registro de nombre comercial', false),
  ('formalizacion', 'CCPSD', 'Registro mercantil', true),
  ('certificado-no-antecedentes', 'PGR', 'Certificado de no antecedentes penales', true),
  ('renovacion-licencia-conducir', 'INTRANT', 'Renovación de licencia de conducir', false);
INSERT INTO price_variations (price_id, concept, description, price, hours, days, months)
  SELECT p.id, v.concept, v.description, v.price, v.hours, v.days, v.months
  FROM service_prices p JOIN (VALUES
    ('formalizacion', 'ONAPI', 'Trámite expreso', 'El certificado de registro del nombre comercial se emite en 24 horas.', 3500, 24, 0, 0),
    ('formalizacion', 'ONAPI', 'Certificación adicional del nombre comercial', 'Una certificación impresa adicional, entregada en la ventanilla de ONAPI.', 700, 0, 2, 0),
    ('formalizacion', 'CCPSD', 'Copia certificada del registro mercantil', 'Copias certificadas adicionales del certificado de registro mercantil.', 450, 0, 1, 0),
    ('formalizacion', 'CCPSD', 'Certificación de estatus de la empresa', 'Certificación de que la empresa está inscrita y al día.', 650, 0, 2, 0),
    ('certificado-no-antecedentes', 'PGR', 'Copia adicional certificada', 'Una copia certificada adicional del certificado.', 200, 0, 1, 0),
    ('certificado-no-antecedentes', 'PGR', 'Certificado apostillado', 'Apostilla para presentar el certificado en el extranjero.', 1200, 0, 5, 0),
    ('renovacion-licencia-conducir', 'INTRANT', 'Entrega a domicilio', 'La licencia se envía a la dirección registrada en su perfil.', 350, 0, 3, 0),
    ('renovacion-licencia-conducir', 'INTRANT', 'Renovación por dos períodos', 'La licencia se renueva por el doble del período ordinario.', 1150, 0, 0, 1)
  ) AS v (form, agency, concept, description, price, hours, days, months) ON v.form = p.form AND v.agency = p.agency
  ORDER BY p.id, v.price;

-- 6. The portal's own timeline entries and events (requestStatus.ts): actor 'sistema'.
ALTER TABLE request_actions DROP CONSTRAINT IF EXISTS request_actions_actor_check;
ALTER TABLE request_actions ADD CONSTRAINT request_actions_actor_check CHECK (actor IN ('ciudadano', 'institucion', 'sistema'));
ALTER TABLE request_transitions DROP CONSTRAINT IF EXISTS request_transitions_actor_check;
ALTER TABLE request_transitions ADD CONSTRAINT request_transitions_actor_check CHECK (actor IN ('ciudadano', 'institucion', 'sistema'));
-- A proof of payment not accepted is told to the citizen with its own kind.
ALTER TABLE notifications DROP CONSTRAINT IF EXISTS notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
  CHECK (kind IN ('solicitud_enviada', 'cambio_estado', 'comentario', 'accion_requerida', 'pago_confirmado', 'pago_rechazado'));
