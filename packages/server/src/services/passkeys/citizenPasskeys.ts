/**
 * The citizen's side of the passkeys: their ceremonies (./webauthn.ts) with the citizen's
 * credentials (./passkeyStore.ts), the answers' shapes, and the mail that tells the account's
 * address when a sign-in method was added or removed.
 */
import type { Queryable } from '../../db/Db';
import { queueMail } from '../mail/queueMail';
import type { CitizenView } from '../sessionStore';
import { findPasskeyByCredentialId, type CitizenPasskey } from './passkeyStore';

/** The ceremonies of citizens (the `purpose` a challenge is tied to). */
export const PURPOSES = {
  /** Adding a passkey to the signed-in account. */
  register: 'ciudadano:registro',
  /** Signing in with a passkey (anyone; the credential names the citizen). */
  signIn: 'ciudadano:ingreso',
  /** Proving, while signed in, that the citizen holds one of the account's passkeys (instead of the password). */
  stepUp: 'ciudadano:confirmacion',
} as const;

/** The subject of a citizen's signed-in ceremony. */
export const citizenSubject = (citizenId: number) => `citizen:${citizenId}`;

/** The passkey as the API shows it. */
export function passkeyView(passkey: Pick<CitizenPasskey, 'id' | 'deviceName' | 'createdAt' | 'lastUsedAt'>) {
  return {
    id: passkey.id,
    device_name: passkey.deviceName,
    created_at: new Date(passkey.createdAt).toISOString(),
    last_used_at: passkey.lastUsedAt === null ? null : new Date(passkey.lastUsedAt).toISOString(),
  };
}

/** A finder of credentials for the ceremonies: only `citizenId`'s (null: anyone's, for a sign-in). */
export function citizenCredentialFinder(db: Queryable, citizenId: number | null) {
  return async (credentialId: string) => {
    const found = await findPasskeyByCredentialId(db, credentialId);
    return found !== null && (citizenId === null || found.citizenId === citizenId) ? found : null;
  };
}

/** "402-2918364-1": the name the browser shows for the account (the handle is random bytes, never the cédula). */
export function maskedCedula(cedula: string): string {
  return /^\d{11}$/.test(cedula) ? `${cedula.slice(0, 3)}-${cedula.slice(3, 10)}-${cedula.slice(10)}` : cedula;
}

/** Tells the account's address that a sign-in method changed (queued in the change's transaction). */
export async function queueSignInMethodMail(db: Queryable, citizen: CitizenView, change: 'agregado' | 'eliminado', deviceName: string): Promise<void> {
  const what = change === 'agregado'
    ? `Se agregó el desbloqueo facial o con huella del dispositivo «${deviceName}» a su cuenta del Portal Ciudadano.`
    : `Se eliminó el desbloqueo facial o con huella del dispositivo «${deviceName}» de su cuenta del Portal Ciudadano.`;
  await queueMail(db, {
    to: citizen.email,
    subject: change === 'agregado' ? 'Nuevo método de ingreso en su cuenta' : 'Se eliminó un método de ingreso de su cuenta',
    body:
      `Hola ${citizen.nombres}:\n\n${what}\nLas demás sesiones abiertas se cerraron.\n\n` +
      'Si no fue usted, cambie su contraseña y revise sus métodos de ingreso en «Mi cuenta».',
  });
}
