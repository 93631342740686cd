import type { LoginResponse } from '@portal/api-contract';
import { localReturnTo } from '../../../config/paths';
import { openModal } from '../../../modals/modalStore';

/**
 * After a login: back to `returnTo` (a local address; else the citizen stays
 * where they are), then, on the account's first login, the welcome
 * (FIRST_LOGIN). The welcome opens after the navigation has settled: a
 * navigation closes whatever modal is open. Returns whether it navigated.
 */
export function afterLogin(answer: LoginResponse, navigate: (to: string) => void, returnTo?: string | null): boolean {
  const target = localReturnTo(returnTo);
  const navigated = target !== null && target !== window.location.pathname + window.location.search;
  if (navigated) navigate(target);
  if (answer.first_login) {
    setTimeout(() => openModal('FIRST_LOGIN', { data: { nombres: answer.citizen.nombres } }), 0);
  }
  return navigated;
}
