/**
 * The data the account modals hand each other (in memory only: the
 * registration token and what the citizen typed never reach storage).
 */
import type { CallFailure } from '../components/formErrors';

/** What the registration form holds. */
export interface RegisterFormValues {
  /** 11 digits. */
  cedula: string;
  /** As typed, DD/MM/AAAA. */
  fecha: string;
  email: string;
  password: string;
  confirmation: string;
}

export interface AccountFlowData {
  /** Where to go once logged in (a local address). */
  returnTo?: string | null;
  /** A cédula to start with. */
  cedula?: string;
  /** The registration form, kept while the citizen moves between steps. */
  form?: RegisterFormValues;
  /** The server's refusal of the form, shown when REGISTER opens again. */
  failure?: CallFailure;
  /** The registration token of /register (CONFIRMATION_EMAIL). */
  token?: string;
  /** Seconds until another code may be asked for. */
  resendAfter?: number;
  /** A message of the server to show (the forgot answer, the confirmation). */
  message?: string;
  /** The service an anonymous visitor tried to apply for (SERVICE_APPLY). */
  service?: string;
  /** The citizen's first names (FIRST_LOGIN). */
  nombres?: string;
}

/** The modal's data as the account flow's (anything else: empty). */
export function flowData(data: unknown): AccountFlowData {
  return data !== null && typeof data === 'object' ? (data as AccountFlowData) : {};
}

/** 'DD/MM/AAAA' → 'AAAA-MM-DD' when it is a real date in the past, else null. */
export function isoDate(typed: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(typed);
  if (!m) return null;
  const [, dd, mm, yyyy] = m;
  const date = new Date(Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd)));
  if (date.getUTCFullYear() !== Number(yyyy) || date.getUTCMonth() !== Number(mm) - 1 || date.getUTCDate() !== Number(dd)) return null;
  if (Number(yyyy) < 1900 || date.getTime() > Date.now()) return null;
  return `${yyyy}-${mm}-${dd}`;
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The spec's shared message for an e-mail address. */
export const INVALID_EMAIL = 'Favor digitar un email válido';
export const REQUIRED = 'Este campo es requerido';
export const PASSWORDS_DIFFER = 'Las contraseñas no coinciden';
