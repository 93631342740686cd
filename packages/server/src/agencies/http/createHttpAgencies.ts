import { inputRules } from '../inputRules';
import { AgencyUnavailableError, type Agencies } from '../types';
import { createHttpJsonClient } from './createHttpJsonClient';

export interface HttpAgencyOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
}

type Shape<K extends string> = Record<K, string>;

/** Picks string fields from an untrusted JSON answer, or reports the agency as unavailable. */
function pick<K extends string>(agency: string, value: unknown, keys: readonly K[]): Shape<K> | null {
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) throw new AgencyUnavailableError(agency, 'respuesta con forma inesperada');
  const record = value as Record<string, unknown>;
  const out = {} as Shape<K>;
  for (const key of keys) {
    if (typeof record[key] !== 'string') throw new AgencyUnavailableError(agency, `falta el campo ${key}`);
    out[key] = record[key] as string;
  }
  return out;
}

/**
 * Agencies reached over HTTP through one gateway. Paths (relative to the base URL):
 * GET /jce/citizens/{cedula}, /jce/citizens/{cedula}/birth-date/{AAAA-MM-DD} ({"match": boolean}), /onapi/certificates/{numero}, /onapi/names?q={name},
 * /dgii/taxpayers/{rnc}, /inapa/contracts/{contrato}; 404 means "not found".
 */
export function createHttpAgencies({ baseUrl, apiKey, timeoutMs }: HttpAgencyOptions): Agencies {
  const client = (agency: string) => createHttpJsonClient(agency, baseUrl, apiKey, timeoutMs);
  const jce = client('JCE');
  const onapi = client('ONAPI');
  const dgii = client('DGII');
  const inapa = client('INAPA');
  const segment = encodeURIComponent;
  return {
    jce: {
      async lookup(cedula) {
        if (!inputRules.cedula(cedula)) return null;
        return pick('JCE', await jce.get(`/jce/citizens/${segment(cedula)}`), ['cedula', 'nombres', 'apellidos']);
      },
      async birthDateMatches(cedula, fechaNacimiento) {
        if (!inputRules.cedula(cedula) || !/^\d{4}-\d{2}-\d{2}$/.test(fechaNacimiento)) return false;
        const answer = await jce.get(`/jce/citizens/${segment(cedula)}/birth-date/${segment(fechaNacimiento)}`);
        if (answer === null) return false;
        if (typeof answer !== 'object' || typeof (answer as { match?: unknown }).match !== 'boolean') {
          throw new AgencyUnavailableError('JCE', 'respuesta con forma inesperada');
        }
        return (answer as { match: boolean }).match;
      },
    },
    onapi: {
      async certificate(numero) {
        if (!inputRules.certificate(numero)) return null;
        return pick('ONAPI', await onapi.get(`/onapi/certificates/${segment(numero)}`), ['numero', 'vencimiento', 'titular']);
      },
      async verifyName(name) {
        if (!inputRules.name(name)) return [];
        const answer = await onapi.get(`/onapi/names?q=${segment(name)}`);
        if (answer === null) return [];
        if (!Array.isArray(answer)) throw new AgencyUnavailableError('ONAPI', 'respuesta con forma inesperada');
        return answer.map((item) => pick('ONAPI', item, ['nombre']) as { nombre: string });
      },
    },
    dgii: {
      async taxpayer(rnc) {
        if (!inputRules.rnc(rnc)) return null;
        return pick('DGII', await dgii.get(`/dgii/taxpayers/${segment(rnc)}`), ['rnc', 'razonSocial']);
      },
    },
    inapa: {
      async contractExists(contract) {
        if (!inputRules.contract(contract)) return false;
        return (await inapa.get(`/inapa/contracts/${segment(contract)}`)) !== null;
      },
    },
  };
}
