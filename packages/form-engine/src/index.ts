/**
 * Public API of the form engine. Plain TypeScript: no React, no DOM, no Node
 * built-ins, so the same code runs in the browser and on the server.
 */
export type * from './types';
export { compileForm, type CompiledForm, type Template } from './compile/compileForm';
export { evaluate } from './evaluate/evaluate';
export { validate, check, type ValidationResult } from './validate/validate';
export { prune } from './evaluate/prune';
export { requestLabel } from './evaluate/requestLabel';
export { formPreview, type FormPreview, type PreviewPart, type PreviewField } from './docs/formPreview';
export { templateInstances, rowScope, type TemplateInstance } from './evaluate/templateInstances';
export { FORMATS, type FormatDef } from './validate/formats';
export { registerPrecompiledValidators, structuralFingerprint, type PrecompiledValidator } from './validate/structuralValidator';
export { DEFAULT_MESSAGES, fillMessage } from './validate/messages';
export { applyRule, truthy, withToday, KNOWN_OPERATORS } from './logic/operators';
export { todayInDominicanRepublic, addDays, parseIsoDate } from './logic/dates';
export {
  expandUrl, interpretLookup, sourceItems, sourceValue, valueAt, lookupDue, failsFormat, formatInvalid, lookupChanges, type LookupOutcome,
} from './lookup/lookup';
export {
  lookupTasks, runLookups, withLookupFills, type LookupAnswer, type LookupFetch, type LookupOptions, type LookupTask, type LookupVerdict,
} from './lookup/runLookups';
export { resolveRelative } from './lookup/relativePaths';
export { isValidCedula, cedulaCheckDigit } from './identity/cedula';
export { isValidRnc, rncCheckDigit } from './identity/rnc';
export { isValidPersonName } from './identity/personName';
export { isValidEmail } from './identity/email';
