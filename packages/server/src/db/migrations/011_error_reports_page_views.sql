-- Problems reported by citizens and anonymous visitors (ERROR_REPORT modal), read by operators
-- with cli/listErrorReports.ts. citizen_id is set only when a live session came with the report.
CREATE TABLE error_reports (
  id bigserial PRIMARY KEY,
  reference text NOT NULL UNIQUE,
  description text NOT NULL,
  page_path text,
  contact_email text,
  citizen_id integer REFERENCES citizens (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX error_reports_created_idx ON error_reports (created_at DESC, id DESC);

-- One row per completed route change in the browser (ANALYTICS=propio). Path and time only:
-- no address, no citizen, no user agent, so the table holds no personal data to protect or erase.
CREATE TABLE page_views (
  id bigserial PRIMARY KEY,
  path text NOT NULL,
  viewed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX page_views_viewed_idx ON page_views (viewed_at, path);
