/// <reference types="vite/client" />

declare module 'virtual:form-validators' {
  import type { PrecompiledValidator } from '@portal/form-engine';
  export const validators: Record<string, PrecompiledValidator>;
}

declare module 'virtual:form-validators/*' {
  import type { PrecompiledValidator } from '@portal/form-engine';
  export const validators: Record<string, PrecompiledValidator>;
}
