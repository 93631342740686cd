import type { LoginBody, LoginResponse } from '@portal/api-contract';
import { api } from '../../../lib/api-client';
import { setSession } from '../../../lib/session';

/** Logs in with cédula and password; the server sets the session cookie. Resolves with the answer (`first_login` included). */
export async function login(cedula: string, password: string): Promise<LoginResponse> {
  const answer = await api.post<LoginResponse>('portals/auth/citizens/login', { json: { cedula, password } satisfies LoginBody });
  setSession(answer.citizen);
  return answer;
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
