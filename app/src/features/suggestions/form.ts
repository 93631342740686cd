/** The service-suggestion form as SchemaForm runs it: the same schema file (schemas/sugerencia-servicio) the server validates with. */
import { registerPrecompiledValidators, type FormSchema } from '@portal/form-engine';
import { validators } from 'virtual:form-validators/sugerencia-servicio';
import schemaJson from '../../../../schemas/sugerencia-servicio/schema.json';

// Validators generated at build time (no `new Function` in the browser: the CSP has no 'unsafe-eval').
registerPrecompiledValidators(validators);

/** schemas/sugerencia-servicio: six required text fields, with the engine's messages. */
export const sugerenciaServicio = schemaJson as unknown as FormSchema;
