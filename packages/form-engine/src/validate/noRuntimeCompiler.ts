/**
 * Browser stand-in for ajvRuntimeCompiler.ts (swapped in by the app's Vite
 * config): every form the portal ships has a validator precompiled at build
 * time, so reaching this means a form without one.
 */
import type { ValidateFunction } from 'ajv';

export function compileWithAjv(): ValidateFunction {
  throw new Error('Este formulario no tiene un validador precompilado; vuelva a compilar la aplicación.');
}
