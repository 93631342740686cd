/**
 * RJSF's list of errors above the form is not used: SchemaForm passes
 * `showErrorList={false}` and the app shows ErrorSummary, whose links reach
 * the fields. The slot renders nothing in case it is turned on elsewhere.
 */
export default function ErrorList() {
  return null;
}
