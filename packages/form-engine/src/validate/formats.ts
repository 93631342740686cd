/**
 * The dialect's formats, each with its check and its default Spanish message.
 * The same table feeds AJV, the docs generator and the renderer.
 */
import { isValidCedula } from '../identity/cedula';
import { isValidRnc } from '../identity/rnc';
import { isValidPersonName } from '../identity/personName';
import { isValidEmail } from '../identity/email';
import { parseIsoDate } from '../logic/dates';

export interface FormatDef {
  validate: (value: string) => boolean;
  message: string;
  /** What the format accepts, in Spanish, for docs/forms. */
  describe: string;
}

const WEBSITE = /^(https?:\/\/)?([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,}(:\d{1,5})?(\/[^\s]*)?$/;

export const FORMATS: Record<string, FormatDef> = {
  cedula: { validate: isValidCedula, message: 'Cédula inválida', describe: 'cédula de 11 dígitos con dígito verificador válido' },
  rnc: { validate: isValidRnc, message: 'RNC inválido', describe: 'RNC de 9 dígitos con dígito verificador válido' },
  nombre: { validate: isValidPersonName, message: 'El nombre solo puede contener letras y espacios', describe: 'solo letras (con tildes, ñ, ü) y espacios' },
  email: { validate: isValidEmail, message: 'Insertar un correo electrónico válido', describe: 'correo electrónico' },
  telefono: { validate: (v) => /^\d{10}$/.test(v), message: 'Teléfono inválido, use el formato (###) ###-####', describe: 'teléfono de 10 dígitos, (###) ###-####' },
  'sitio-web': { validate: (v) => v.length <= 2048 && WEBSITE.test(v), message: 'Dirección web inválida', describe: 'dirección web' },
  date: { validate: (v) => parseIsoDate(v) !== null, message: 'Fecha inválida', describe: 'fecha' },
  time: { validate: (v) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v), message: 'Hora inválida', describe: 'hora HH:MM' },
};
