/** The profile form as SchemaForm runs it: the same schema file (schemas/perfil) the server validates an update with. */
import { registerPrecompiledValidators } from '@portal/form-engine';
import { validators } from 'virtual:form-validators/perfil';

// Validators generated at build time (no `new Function` in the browser: the CSP has no 'unsafe-eval').
registerPrecompiledValidators(validators);

export { EDITABLE, formDataOf, perfil } from './fields';
