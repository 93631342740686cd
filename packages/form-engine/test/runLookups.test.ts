/** x-lookup over a whole draft (browser re-check, server submit) on the formalization form. */
import { describe, expect, it } from 'vitest';
import { lookupTasks, runLookups, withLookupFills, type LookupAnswer } from '../src/lookup/runLookups';
import { fixture, form } from './forms';

const schema = form('formalizacion');
const srl = () => structuredClone(fixture('formalizacion', 'valid/srl-completa.json').data) as Record<string, any>;
const today = '2026-11-23';

const JCE: Record<string, { nombres: string; apellidos: string }> = {
  '00104578232': { nombres: 'María Altagracia', apellidos: 'Rosario Méndez' },
  '03105672194': { nombres: 'Ana Lucía', apellidos: 'Fernández Tavárez' },
};

/** A registry answering as the portal's routes do. */
function registry(asked: string[]) {
  return async (url: string): Promise<LookupAnswer | null> => {
    asked.push(url);
    const cedula = /^\/v1\/jce\/(\d+)$/.exec(url)?.[1];
    if (cedula) return JCE[cedula] ? { status: 200, body: { data: { cedula, ...JCE[cedula] } } } : { status: 404, body: { message: 'Cédula inválida' } };
    if (url === '/v1/institution-onapi/registro/123987') {
      return { status: 200, body: { data: { data: { numero: '123987', vencimiento: '2021-01-31', titular: 'Pedro Miguel Santana Güemes' } } } };
    }
    if (url.startsWith('/v1/institution-onapi/registro/')) return { status: 404, body: { message: 'Número de certificado inválido' } };
    return null;
  };
}

describe('lookupTasks', () => {
  it('lists the visible lookup fields whose value triggers the lookup, in document order', () => {
    const data = srl();
    data.datos_representante.cedula = '00104578232';
    data.propietario_socios[0].numero_de_cedula = '03105672194';
    const tasks = lookupTasks(schema, data, { today });
    expect(tasks.map((t) => [t.path, t.url])).toEqual([
      ['datos_solicitud.numero_del_certificado_de_nombre_comercial', `/v1/institution-onapi/registro/${data.datos_solicitud.numero_del_certificado_de_nombre_comercial}`],
      ['datos_representante.cedula', '/v1/jce/00104578232'],
      ['propietario_socios.0.numero_de_cedula', '/v1/jce/03105672194'],
    ]);
  });

  it('skips hidden fields and values that do not trigger; a value its format rejects is judged without a call', () => {
    const data = srl();
    data.datos_solicitud.tienes_nombre_comercial = false;
    data.datos_solicitud['nombre_de_la_empresa_o_razón_social'] = 'Panadería La Esperanza';
    data.datos_representante.cedula = '4022918364';
    data.propietario_socios[0].numero_de_cedula = '40212345673';
    const tasks = lookupTasks(schema, data, { today });
    expect(tasks.map((t) => [t.path, t.url])).toEqual([
      ['datos_solicitud.nombre_de_la_empresa_o_razón_social', '/v1/institution-onapi/verify/Panader%C3%ADa%20La%20Esperanza'],
      ['propietario_socios.0.numero_de_cedula', null],
    ]);
    expect(lookupTasks(schema, data, { today, only: (p) => p.startsWith('propietario_socios.') }).map((t) => t.path)).toEqual(['propietario_socios.0.numero_de_cedula']);
    expect(lookupTasks(schema, 'no es un objeto')).toEqual([]);
    // A value that cannot be put in a URL (a lone surrogate) is not asked either.
    data.datos_solicitud['nombre_de_la_empresa_o_razón_social'] = 'Nombre \ud800';
    expect(lookupTasks(schema, data, { today })[0]).toMatchObject({ path: 'datos_solicitud.nombre_de_la_empresa_o_razón_social', url: null });
  });
});

describe('runLookups and withLookupFills', () => {
  it('takes the names, holder and expiry from the registry, whatever was typed', async () => {
    const data = srl();
    data.datos_solicitud.numero_del_certificado_de_nombre_comercial = '123987';
    data.datos_representante.cedula = '00104578232';
    data.datos_representante.nombre = 'Pedro Antonio';
    data.propietario_socios[0].numero_de_cedula = '03105672194';
    data.propietario_socios[0].nombres = 'Otro Nombre';
    const asked: string[] = [];
    const verdicts = await runLookups(schema, data, registry(asked), { today });
    expect(verdicts.every((v) => v.valid)).toBe(true);
    const filled = withLookupFills(data, verdicts) as Record<string, any>;
    expect(filled.datos_representante).toMatchObject({ nombre: 'María Altagracia', apellido: 'Rosario Méndez' });
    expect(filled.propietario_socios[0]).toMatchObject({ nombres: 'Ana Lucía', apellidos: 'Fernández Tavárez' });
    expect(filled.datos_solicitud).toMatchObject({ fecha_de_vencimiento: '2021-01-31', 'a_nombre_de_quién_se_hizo_el_registro': 'Pedro Miguel Santana Güemes' });
    // The input is left as it was.
    expect(data.datos_representante.nombre).toBe('Pedro Antonio');
  });

  it('gives the field its message when the registry says invalid, asks each URL once, and leaves unanswered fields unjudged', async () => {
    const data = srl();
    data.datos_solicitud.numero_del_certificado_de_nombre_comercial = '999999';
    data.datos_representante.cedula = '40212345678';
    data.propietario_socios[0].numero_de_cedula = '40212345678';
    const asked: string[] = [];
    const verdicts = await runLookups(schema, data, registry(asked), { today });
    expect(verdicts.map((v) => [v.path, v.error])).toEqual([
      ['datos_solicitud.numero_del_certificado_de_nombre_comercial', 'Número de certificado inválido'],
      ['datos_representante.cedula', 'Cédula inválida'],
      ['propietario_socios.0.numero_de_cedula', 'Cédula inválida'],
    ]);
    expect(asked.filter((u) => u === '/v1/jce/40212345678')).toHaveLength(1);
    // An invalid verdict fills nothing and clears nothing: the field is refused with its message.
    expect(withLookupFills(data, verdicts)).toEqual(data);
    const unanswered = await runLookups(schema, data, async () => null, { today });
    expect(unanswered).toEqual([]);
  });

  it('a value the registry lacks is removed, so the field reports it as required', async () => {
    const data = srl();
    data.datos_representante.cedula = '00104578232';
    const verdicts = await runLookups(schema, data, async (url) => (url.startsWith('/v1/jce/') ? { status: 200, body: { data: { nombres: 'Sin Apellido' } } } : null), { today });
    const filled = withLookupFills(data, verdicts) as Record<string, any>;
    expect(filled.datos_representante.nombre).toBe('Sin Apellido');
    expect(filled.datos_representante).not.toHaveProperty('apellido');
  });
});
