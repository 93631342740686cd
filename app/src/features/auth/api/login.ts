import { api } from '../../../lib/api-client';
import { setSession, type Citizen } from '../../../lib/session';

/** Logs in with cédula and password; the server sets the session cookie. */
export async function login(cedula: string, password: string): Promise<Citizen> {
  const { citizen } = await api.post<{ citizen: Citizen }>('portals/auth/citizens/login', { json: { cedula, password } });
  setSession(citizen);
  return citizen;
}

/** Logs out: the server revokes the session; the local one ends even when the server cannot be reached. */
export async function logout(): Promise<void> {
  try {
    await api.post('portals/auth/citizens/logout');
  } catch {
    // Already expired, or no connection: nothing more to revoke from here.
  } finally {
    setSession(null);
  }
}
