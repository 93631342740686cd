import type { LoginBody, LoginResponse } from '@portal/api-contract';
import { api } from '../../../lib/api-client';
import { saveApplication } from '../../../api/applications';
import { forgetAllCopies, sendPendingWork } from '../../../lib/localCopies';
import { setSession } from '../../../lib/session';

/** Logs in with cédula and password; the server sets the session cookie. Resolves with the answer (`first_login` included). */
export async function login(cedula: string, password: string): Promise<LoginResponse> {
  const answer = await api.post<LoginResponse>('portals/auth/citizens/login', { json: { cedula, password } satisfies LoginBody });
  setSession(answer.citizen);
  return answer;
}

/** 'ended', or 'unsent': a change could not be sent (no connection) and nothing was ended. */
export type LogoutResult = 'ended' | 'unsent';

/**
 * Logs out: first sends every pending change (a draft's autosave, a copy left from an earlier failure);
 * when one cannot be sent the session stays and the answer is 'unsent', unless `discardUnsent`.
 * Then the server revokes the session (the local one ends even when the server cannot be reached)
 * and every copy of the citizen's data this browser kept is removed (lib/localCopies).
 */
export async function logout(options: { discardUnsent?: boolean } = {}): Promise<LogoutResult> {
  if (!options.discardUnsent) {
    const sent = await sendPendingWork(async (id, copy) => {
      await saveApplication(copy.form, id, copy.data, copy.version);
    });
    if (!sent) return 'unsent';
  }
  try {
    await api.post('portals/auth/citizens/logout');
  } catch {
    // Already expired, or no connection: nothing more to revoke from here.
  } finally {
    forgetAllCopies();
    setSession(null);
  }
  return 'ended';
}
