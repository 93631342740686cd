-- Online services are schema forms (issue 11 §4): every online service of the catalogue
-- (catalogo_servicios.formulario) stores its applications in `applications` with its form's
-- name, and what a submitted request owes is a request item of the service's institution
-- (its acronym), not only ONAPI, DGII and the Cámara de Comercio.
ALTER TABLE request_items DROP CONSTRAINT IF EXISTS request_items_agency_check;
ALTER TABLE request_items ADD CONSTRAINT request_items_agency_check CHECK (agency ~ '^[A-Z]{2,20}$');
ALTER TABLE applications ADD CONSTRAINT applications_form_check CHECK (form ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(form) <= 60);
CREATE INDEX applications_citizen_form_idx ON applications (citizen_id, form, id);
