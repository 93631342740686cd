import type { Queryable } from '../../db/Db';
import { normalizeText } from '../../text/normalizeText';
import { inputRules } from '../inputRules';
import type { Agencies } from '../types';

/** Sandbox agencies answering from the seeded registry tables (see sandboxData.ts). */
export function createSandboxAgencies(db: Queryable): Agencies {
  return {
    jce: {
      async lookup(cedula) {
        if (!inputRules.cedula(cedula)) return null;
        const { rows } = await db.query<{ cedula: string; nombres: string; apellidos: string }>(
          'SELECT cedula, nombres, apellidos FROM jce_citizens WHERE cedula = $1',
          [cedula],
        );
        return rows[0] ?? null;
      },
      async birthDateMatches(cedula, fechaNacimiento) {
        if (!inputRules.cedula(cedula) || !/^\d{4}-\d{2}-\d{2}$/.test(fechaNacimiento)) return false;
        const { rows } = await db.query(
          "SELECT 1 FROM jce_citizens WHERE cedula = $1 AND to_char(fecha_nacimiento, 'YYYY-MM-DD') = $2",
          [cedula, fechaNacimiento],
        );
        return rows.length > 0;
      },
    },
    onapi: {
      async certificate(numero) {
        if (!inputRules.certificate(numero)) return null;
        const { rows } = await db.query<{ numero: string; vencimiento: string; titular: string }>(
          `SELECT numero, to_char(vencimiento, 'YYYY-MM-DD') AS vencimiento, titular
             FROM onapi_certificates WHERE upper(numero) = upper($1)`,
          [numero],
        );
        return rows[0] ?? null;
      },
      async verifyName(name) {
        if (!inputRules.name(name)) return [];
        const { rows } = await db.query<{ nombre: string }>(
          'SELECT nombre FROM onapi_names WHERE position($1 in nombre_normalizado) > 0 ORDER BY nombre LIMIT 50',
          [normalizeText(name)],
        );
        return rows;
      },
    },
    dgii: {
      async taxpayer(rnc) {
        if (!inputRules.rnc(rnc)) return null;
        const { rows } = await db.query<{ rnc: string; razonSocial: string }>(
          'SELECT rnc, razon_social AS "razonSocial" FROM dgii_taxpayers WHERE rnc = $1',
          [rnc],
        );
        return rows[0] ?? null;
      },
    },
    inapa: {
      async contractExists(contract) {
        if (!inputRules.contract(contract)) return false;
        const { rows } = await db.query('SELECT 1 FROM inapa_contracts WHERE contrato = $1', [contract]);
        return rows.length > 0;
      },
    },
  };
}
