import { isValidCedula, isValidRnc } from '@portal/form-engine';
import { normalizeText } from '../text/normalizeText';

/** Input checks shared by the sandbox and HTTP adapters, applied before any lookup. */
export const inputRules = {
  cedula: (value: string): boolean => isValidCedula(value),
  rnc: (value: string): boolean => isValidRnc(value),
  /** Trade-name certificate numbers: 6 letters or digits. */
  certificate: (value: string): boolean => /^[A-Za-z0-9]{6}$/.test(value),
  /** Proposed company names: 1 to 200 characters once normalised. */
  name: (value: string): boolean => {
    const normalized = normalizeText(value);
    return normalized.length > 0 && normalized.length <= 200;
  },
  /** INAPA contract numbers: 4 to 20 digits. */
  contract: (value: string): boolean => /^\d{4,20}$/.test(value),
};
