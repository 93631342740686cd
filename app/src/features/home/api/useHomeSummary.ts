/**
 * What the signed-in home page summarizes: drafts still to finish and
 * submitted requests with payments pending. Read with the shared fetchers;
 * SWR shares the applications list with "Mis solicitudes" on the same page.
 */
import type { Application } from '@portal/api-contract';
import type { CitizenRequest } from '@portal/api-contract';
import { useApplications } from '../../../api/applications';
import { useRequestList } from '../../../api/requests';

/** The citizen's pending actions; `undefined` lists while loading. */
export interface HomeSummary {
  drafts: Application[] | undefined;
  unpaid: CitizenRequest[] | undefined;
  /** Submitted requests whose institution waits for an action of the citizen («Acción requerida»). */
  actions: CitizenRequest[] | undefined;
  /** Both lists have answered (with their data or an error): what Inicio draws above the rest is in place. */
  settled: boolean;
}

/** Drafts to finish, requests waiting for the citizen's action and requests with a pending payment. */
export function useHomeSummary(): HomeSummary {
  const applications = useApplications();
  const requests = useRequestList(null);
  return {
    drafts: applications.data?.filter((a) => a.status === 'borrador'),
    unpaid: requests.data?.filter((r) => r.total_pending > 0),
    actions: requests.data?.filter((r) => r.action_required),
    settled: (applications.data !== undefined || applications.error !== undefined) && (requests.data !== undefined || requests.error !== undefined),
  };
}
