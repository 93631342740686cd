/**
 * Public API of the form engine. Plain TypeScript: no React, no DOM, no Node
 * built-ins, so the same code runs in the browser and on the server.
 */
export { isValidCedula, cedulaCheckDigit } from './identity/cedula';
export { isValidRnc, rncCheckDigit } from './identity/rnc';
export { isValidPersonName } from './identity/personName';
export { isValidEmail } from './identity/email';
