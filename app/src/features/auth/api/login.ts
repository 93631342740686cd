import { api } from '../../../lib/api-client';
import { setSession, type Citizen } from '../../../lib/session';

/** Logs in with cédula and password; the server sets the session cookie. */
export async function login(cedula: string, password: string): Promise<Citizen> {
  const { citizen } = await api.post('portals/auth/citizens/login', { json: { cedula, password } }).json<{ citizen: Citizen }>();
  setSession(citizen);
  return citizen;
}

export async function logout(): Promise<void> {
  try {
    await api.post('portals/auth/citizens/logout');
  } finally {
    setSession(null);
  }
}
