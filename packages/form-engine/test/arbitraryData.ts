/**
 * fast-check generators of form data derived from the schema itself, so the
 * properties cover every field of every form without hand-written data:
 * options come from `oneOf`, formats produce a mix of valid and invalid
 * values, every key is optional, grids go one row past their limit.
 */
import fc from 'fast-check';
import type { FormNode } from '../src/types';
import { cedulaCheckDigit } from '../src/identity/cedula';
import { rncCheckDigit } from '../src/identity/rnc';
import { addDays } from '../src/logic/dates';

const TODAY = '2026-11-23';

const validCedula = fc.stringMatching(/^[0-4][0-9]{9}$/).map((ten) => ten + cedulaCheckDigit(ten));
const validRnc = fc.stringMatching(/^[1-5][0-9]{7}$/).map((eight) => eight + rncCheckDigit(eight));
const date = fc.integer({ min: -800, max: 120 }).map((d) => addDays(TODAY, d) as string);

function stringFor(node: FormNode): fc.Arbitrary<unknown> {
  switch (node.format) {
    case 'cedula': return fc.oneof(validCedula, fc.stringMatching(/^\d{11}$/), fc.constant('000'));
    case 'rnc': return fc.oneof(validRnc, fc.stringMatching(/^\d{9}$/));
    case 'email': return fc.constantFrom('ana@correo.do', 'jose.perez@empresa.com', 'no-es-correo', '');
    case 'nombre': return fc.constantFrom('Ana', 'José Núñez', 'Güell', 'R2D2', '');
    case 'telefono': return fc.oneof(fc.stringMatching(/^\d{10}$/), fc.constant('809555'));
    case 'date': return fc.oneof({ weight: 5, arbitrary: date }, { weight: 1, arbitrary: fc.constantFrom('2026-02-30', 'ayer') });
    case 'time': return fc.constantFrom('09:30', '23:59', '25:00');
    case 'sitio-web': return fc.constantFrom('https://empresa.com.do', 'www.empresa.do', 'no es web');
    default:
      if (node['x-source']) return fc.constantFrom('0111', '4711', '6201');
      return fc.oneof({ weight: 4, arbitrary: fc.string({ minLength: 1, maxLength: 8 }) }, { weight: 1, arbitrary: fc.constantFrom('', ' ', '123456') });
  }
}

function leafFor(node: FormNode): fc.Arbitrary<unknown> {
  if (Array.isArray(node.oneOf)) return fc.constantFrom(...node.oneOf.map((o) => o.const));
  if (node['x-widget'] === 'file') return fc.integer({ min: 1, max: 60 });
  if (node.type === 'boolean') return fc.boolean();
  if (node.type === 'integer') {
    if (node['x-source']) return fc.integer({ min: 1, max: 60 });
    return fc.oneof(fc.integer({ min: -1, max: 12 }), fc.integer({ min: 0, max: 400_000 }));
  }
  if (node.type === 'number') return fc.oneof(fc.integer({ min: -5, max: 20 }), fc.integer({ min: 90_000, max: 2_000_000 }));
  return stringFor(node);
}

export interface ArbitraryOptions {
  /** Probability-like weight of replacing a leaf by any JSON value (wrong types, nulls, objects). */
  wild?: boolean;
}

export function arbitraryFor(node: FormNode, options: ArbitraryOptions = {}): fc.Arbitrary<unknown> {
  if (node.type === 'object' && node.properties) {
    const props: Record<string, fc.Arbitrary<unknown>> = {};
    for (const [k, child] of Object.entries(node.properties)) {
      if (child['x-compute'] !== undefined && !options.wild) continue;
      props[k] = arbitraryFor(child, options);
    }
    return fc.record(props, { requiredKeys: [] });
  }
  if (node.type === 'array' && node.items) {
    return fc.array(arbitraryFor(node.items, options), { maxLength: Math.min((node.maxItems ?? 3) + 1, 6) });
  }
  const leaf = leafFor(node);
  return options.wild ? fc.oneof({ weight: 6, arbitrary: leaf }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) }) : leaf;
}
