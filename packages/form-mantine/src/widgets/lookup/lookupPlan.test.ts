import { describe, expect, it } from 'vitest';
import { interpretLookup, type FormSchema, type LookupDecl } from '@portal/form-engine';
import formalizacion from '../../../../../schemas/formalizacion/schema.json';
import { nodeAt } from '../../data/paths';
import { failsLocalFormat, localInvalid, lookupDelay, outcomeChanges } from './lookupPlan';

const form = formalizacion as unknown as FormSchema;
const decl = (path: string) => nodeAt(form, path)?.['x-lookup'] as LookupDecl;

describe('lookupDelay', () => {
  it('fires a length trigger when the value reaches N characters', () => {
    const cedula = decl('datos_solicitante.cedula').trigger;
    expect(lookupDelay(cedula, '4022318957')).toBeNull();
    expect(lookupDelay(cedula, '40223189578')).toBe(0);
    const certificate = decl('datos_solicitud.numero_del_certificado_de_nombre_comercial').trigger;
    expect(lookupDelay(certificate, '20481')).toBeNull();
    expect(lookupDelay(certificate, '204815')).toBe(0);
  });

  it('waits the pause of a pause trigger, and never for an empty value', () => {
    const name = decl('datos_solicitud.nombre_de_la_empresa_o_razón_social').trigger;
    expect(lookupDelay(name, 'Mi empresa')).toBe(2000);
    expect(lookupDelay(name, '  ')).toBeNull();
  });
});

describe('failsLocalFormat', () => {
  it('rejects cédulas with a wrong check digit before any call', () => {
    expect(failsLocalFormat('cedula', '40223189578')).toBe(false);
    expect(failsLocalFormat('cedula', '40223189577')).toBe(true);
    expect(failsLocalFormat('cedula', '00000000000')).toBe(true);
    expect(failsLocalFormat(undefined, 'x')).toBe(false);
  });
});

describe('outcomeChanges', () => {
  it('fills names from a valid JCE answer', () => {
    const outcome = interpretLookup(decl('datos_solicitante.cedula'), { status: 200, body: { data: { nombres: 'Ana', apellidos: 'Pérez' } } });
    expect(outcomeChanges(outcome, 'datos_solicitante.cedula')).toEqual({ 'datos_solicitante.nombre': 'Ana', 'datos_solicitante.apellido': 'Pérez' });
  });

  it('resolves fila targets to the same row and clears on invalid answers and failed calls', () => {
    const d = decl('propietario_socios.*.numero_de_cedula');
    const failed = interpretLookup(d, { status: 0, body: null });
    expect(failed.valid).toBe(false);
    expect(failed.error).toBe('Cédula inválida');
    const changes = outcomeChanges(failed, 'propietario_socios.3.numero_de_cedula');
    expect(changes).toEqual({ 'propietario_socios.3.nombres': undefined, 'propietario_socios.3.apellidos': undefined });
    expect(Object.keys(outcomeChanges(localInvalid(d), 'propietario_socios.1.numero_de_cedula'))).toEqual([
      'propietario_socios.1.nombres', 'propietario_socios.1.apellidos',
    ]);
  });

  it('reads the company-name verdict: matches mean unavailable', () => {
    const d = decl('datos_solicitud.nombre_de_la_empresa_o_razón_social');
    expect(interpretLookup(d, { status: 200, body: { data: { data: [] } } }).valid).toBe(true);
    const taken = interpretLookup(d, { status: 200, body: { data: { data: [{ nombre: 'X' }] } } });
    expect(taken.error).toBe('Nombre no está disponible');
    expect(d.notice?.durationMs).toBe(5000);
  });
});
