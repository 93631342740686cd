import type { FieldProps } from '@rjsf/utils';

/**
 * Numbers and integers are laid out by RJSF's StringField as they are. RJSF's
 * own NumberField keeps a number being typed ("1500.") in its state and turns
 * what its widget reports into a number; ours do both themselves
 * (useNumberDraft) and write to the form's store, never through RJSF's
 * `onChange`, so that field would only cost: it builds an `Intl.NumberFormat`
 * on every render to learn the decimal separator, ~24 ms of a phone's main
 * thread (CPU 4×) while the partners' step first draws.
 */
export default function NumberField(props: FieldProps) {
  const { StringField } = props.registry.fields;
  return <StringField {...props} />;
}
