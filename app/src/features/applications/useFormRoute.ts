/** The form and application an address names: /en-linea/<form>/<id>/… or the formalization's /formalizacion/<id>/…. */
import { FORMALIZATION_FORM } from '@portal/api-contract';
import { useParams } from 'wouter';

import { formPaths, type FormPaths } from '../../config/paths';

export interface FormRoute {
  /** The form's folder name under schemas/. */
  form: string;
  /** The application's id, as written in the address. */
  id: string;
  /** The step's key, when the address names one. */
  step?: string;
  /** The addresses of this form's pages. */
  paths: FormPaths;
}

export function useFormRoute(): FormRoute {
  const params = useParams<{ form?: string; id: string; step?: string }>();
  const form = params.form ?? FORMALIZATION_FORM;
  return { form, id: params.id, step: params.step, paths: formPaths(form) };
}
