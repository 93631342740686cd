/**
 * RJSF's per-field error list is not used: each widget shows the field's one
 * error (from the engine, lookups or the server) on its Mantine input, which
 * links it with aria-describedby and sets aria-invalid.
 */
export default function FieldErrorTemplate() {
  return null;
}
