/**
 * What a submitted formalization owes, computed by the server only (the
 * browser never sends amounts). Sandbox schedule, documented in
 * docs/operations.md; a deployment replaces these figures with the official
 * ones of ONAPI, DGII and the Cámara de Comercio y Producción de Santo Domingo.
 */
import { FORMALIZATION_FORM } from '@portal/api-contract';
import { HttpError } from '../../http/HttpError';
import { type OnlineService } from './onlineForms';

export interface FeeItem {
  /** The acronym of the institution paid (ONAPI, DGII, CCPSD for a formalization; the service's institution otherwise). */
  agency: string;
  concept: string;
  amount: number;
}

export const FEES = {
  /** ONAPI: registration of a new trade name (only when the applicant has no certificate yet). */
  onapiTradeName: 7_000,
  /** Cámara de Comercio: mercantile registration by company type. */
  chamber: { SRL: 5_000, EIRL: 4_000, PF: 2_500 } as Record<string, number>,
  /** DGII: tax on the incorporation of companies, 1 % of the share capital (SRL and EIRL). */
  dgiiCapitalRate: 0.01,
} as const;

/** The largest amount request_items.amount, numeric(14,2), can hold. */
export const MAX_AMOUNT = 999_999_999_999.99;
/** The form's message for a share capital above its maximum (schemas/formalizacion), whose 1 % is MAX_AMOUNT. */
export const CAPITAL_TOO_LARGE = 'El capital social máximo es RD$ 99,999,999,999,999';
const CAPITAL_PATH = 'datos_financieros.capital_aportado_capital_social';

type Data = Record<string, Record<string, unknown> | undefined>;

/** The pending payments of an application (pruned data). */
export function feesFor(data: Data): FeeItem[] {
  const tipo = String(data.datos_solicitud?.tipo_societario ?? '');
  const items: FeeItem[] = [];
  if (data.datos_solicitud?.tienes_nombre_comercial === false) {
    items.push({ agency: 'ONAPI', concept: 'Registro de nombre comercial', amount: FEES.onapiTradeName });
  }
  const capital = Number(data.datos_financieros?.capital_aportado_capital_social ?? 0);
  if ((tipo === 'SRL' || tipo === 'EIRL') && Number.isFinite(capital) && capital > 0) {
    const amount = Math.round(capital * FEES.dgiiCapitalRate * 100) / 100;
    // The form's maximum refuses such a capital first; this keeps the insert from overflowing if that rule ever changes.
    if (amount > MAX_AMOUNT) throw new HttpError(422, 'La solicitud tiene errores; corríjalos y vuelva a enviarla', [{ path: CAPITAL_PATH, message: CAPITAL_TOO_LARGE }]);
    items.push({ agency: 'DGII', concept: 'Impuesto por constitución de compañía (1 % del capital social)', amount });
  }
  if (FEES.chamber[tipo] !== undefined) items.push({ agency: 'CCPSD', concept: 'Registro mercantil', amount: FEES.chamber[tipo] });
  return items;
}

/**
 * What a submitted application of any online service owes: the formalization's
 * schedule above, or the catalogue's cost of the service (one item for its
 * institution; nothing when the service is free).
 */
export function feesOf(service: OnlineService, data: Record<string, unknown>): FeeItem[] {
  if (service.form === FORMALIZATION_FORM) return feesFor(data as Data);
  return service.cost > 0 ? [{ agency: service.institution, concept: service.name, amount: service.cost }] : [];
}
