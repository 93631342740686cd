/// <reference types="vite/client" />

declare module 'virtual:form-validators' {
  import type { PrecompiledValidator } from '@portal/form-engine';
  export const validators: Record<string, PrecompiledValidator>;
}

declare module 'virtual:form-schemas' {
  import type { FormSchema } from '@portal/form-engine';
  /** A loader per form folder of schemas/ (each form its own chunk). */
  export const forms: Record<string, () => Promise<FormSchema>>;
}
