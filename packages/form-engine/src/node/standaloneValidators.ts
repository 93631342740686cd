/**
 * Generates an ES module with the structural validators of the forms,
 * precompiled by Ajv (standalone code), for the browser build: no schema is
 * compiled with `new Function` at run time, so the portal runs under a CSP
 * without 'unsafe-eval', and Ajv's compiler need not run on a cheap phone.
 */
import { _ } from 'ajv';
import standaloneCode from 'ajv/dist/standalone';
import type { FormSchema } from '../types';
import { structuralFingerprint, structuralSchema } from '../validate/structuralValidator';
import { OWN_FORMAT_DEFS, PUBLISHED_RUNTIME_GLOBAL } from '../validate/standaloneFormats';
import { createAjv } from '../validate/ajvRuntimeCompiler';
import { compileForm } from '../compile/compileForm';
import { COMPILE_HINT } from './compileHint';

/**
 * `runtimeModule`: the specifier the generated code imports the formats and helpers from; null for a
 * version published at run time (issue 26), fetched by the browser from the portal as a module of its
 * own: it takes them from `globalThis.__portalFormRuntime`, which the app sets (installPublishedFormRuntime), and may only use the
 * engine's own formats (a standard one would need code the app does not ship).
 */
export function standaloneValidatorsModule(forms: FormSchema[], runtimeModule: string | null = '@portal/form-engine/standalone'): string {
  const ajv = createAjv({ code: { source: true, esm: true, formats: _`standaloneFormats` } });
  // Standard formats (ajv-formats) are bundled only when a form uses one.
  const used = new Set(forms.flatMap((f) => compileForm(f).templates.map((t) => t.node.format).filter((x): x is string => !!x)));
  const needsStandard = [...used].some((f) => !(f in OWN_FORMAT_DEFS));
  const exportsByName: Record<string, string> = {};
  const entries: string[] = [];
  forms.forEach((form, i) => {
    const name = `form${i}`;
    ajv.addSchema(structuralSchema(form), form.$id);
    exportsByName[name] = form.$id;
    entries.push(`  ${JSON.stringify(form.$id)}: { fingerprint: ${JSON.stringify(structuralFingerprint(form))}, validate: ${name} }`);
  });
  const code = standaloneCode(ajv, exportsByName)
    .replace(/^"use strict";/, '')
    .replace(/require\("ajv\/dist\/runtime\/(\w+)"\)\.default/g, (_m, helper: string) => `standaloneRuntime.${helper}`);
  if (/require\(/.test(code)) throw new Error('el código generado por Ajv usa require() no soportado');
  if (runtimeModule === null && needsStandard) {
    throw new Error(`el formulario usa un formato que el navegador no tiene: ${[...used].filter((f) => !(f in OWN_FORMAT_DEFS)).join(', ')}`);
  }
  return [
    // A module of its own, run when a step loads: compiled while it streams (compileHint.ts).
    ...(runtimeModule === null ? [COMPILE_HINT] : []),
    runtimeModule === null
      ? `const { OWN_FORMAT_DEFS, standaloneRuntime } = globalThis.${PUBLISHED_RUNTIME_GLOBAL};`
      : `import { OWN_FORMAT_DEFS, standaloneRuntime } from ${JSON.stringify(runtimeModule)};`,
    needsStandard ? `import { fullFormats } from 'ajv-formats/dist/formats';` : '',
    `const standaloneFormats = { ${needsStandard ? '...fullFormats, ' : ''}...OWN_FORMAT_DEFS };`,
    code,
    `export const validators = {\n${entries.join(',\n')}\n};`,
    '',
  ].join('\n');
}
