/**
 * The institution back office at /institucion: its own sign-in, layout and
 * router, loaded as a chunk of its own (the citizen home's JavaScript does not
 * carry it). The citizen header, menus and prompts are not shown here, and
 * the citizen session is never used: the calls go through api/staffClient.
 */
import { Suspense, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { Loader, Stack } from '@mantine/core';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { ConstructionPage } from '../../components/ConstructionPage';
import { STAFF_AREA, staffPaths, type RouteEntry } from '../../config/paths';
import { loadOnDemand } from '../../lib/lazyPage';
import { useRouteFocus } from '../../lib/useRouteFocus';
import { useStaffMe } from './api/backoffice';
import { StaffLayout } from './components/StaffLayout';
import { StaffNotAllowed, StaffNotFound } from './components/StaffNotFound';

/** What a page of the back office shows while its code (a chunk of its own) is on its way. */
function Loading() {
  return (
    <Stack align="center" py="xl">
      <Loader role="progressbar" aria-label="Cargando" />
    </Stack>
  );
}

const StaffLoginPage = loadOnDemand(() => import('./components/StaffLoginPage'), 'StaffLoginPage', Loading);
const QueuePage = loadOnDemand(() => import('./components/QueuePage'), 'QueuePage', Loading);
const StaffRequestPage = loadOnDemand(() => import('./components/StaffRequestPage'), 'StaffRequestPage', Loading);
const SuggestionsPage = loadOnDemand(() => import('./components/SuggestionsPage'), 'SuggestionsPage', Loading);
const ErrorReportsPage = loadOnDemand(() => import('./components/ErrorReportsPage'), 'ErrorReportsPage', Loading);
const PaymentsPage = loadOnDemand(() => import('./components/PaymentsPage'), 'PaymentsPage', Loading);
const StaffClaimsPage = loadOnDemand(() => import('./claims/StaffClaimsPage'), 'StaffClaimsPage', Loading);
const StaffClaimPage = loadOnDemand(() => import('./claims/StaffClaimPage'), 'StaffClaimPage', Loading);
const AuditPage = loadOnDemand(() => import('./components/AuditPage'), 'AuditPage', Loading);
const StaffMembersPage = loadOnDemand(() => import('./components/StaffMembersPage'), 'StaffMembersPage', Loading);
const FormsPage = loadOnDemand(() => import('./components/FormsPage'), 'FormsPage', Loading);

const AREA = 'Oficina de la institución';

/** The document.title of a back-office page. */
export const staffPageTitle = (title: string): string => `${title} | ${AREA}`;


/** Who a page is for: every officer and administrator, administrators only, or the published forms (administrators and analysts). */
type Audience = 'staff' | 'admin' | 'forms';

/** Whether a role reaches a page: an analyst publishes forms and sees nothing else (issue 26). */
function reaches(role: string | undefined, audience: Audience): boolean {
  if (audience === 'forms') return role === 'administrador' || role === 'analista';
  if (audience === 'admin') return role === 'administrador';
  return role !== undefined && role !== 'analista';
}

/** A page for a signed-in staff member: the sign-in page otherwise (the client sends there on 401); the not-allowed page for a role it is not for. */
function StaffPage({ entry, page: Content, audience }: { entry: RouteEntry<never[]>; page: ComponentType | null; audience: Audience }) {
  const me = useStaffMe();
  const allowed = reaches(me.data?.role, audience);
  useEffect(() => {
    // The not-allowed page names itself.
    if (allowed) document.title = staffPageTitle(entry.title);
  }, [entry, allowed]);
  if (!me.data) return <Loading />;
  // An analyst's home is «Formularios».
  if (!allowed && me.data.role === 'analista' && entry.pattern === staffPaths.staffQueue.pattern) return <Redirect to={staffPaths.staffForms.href()} replace />;
  if (!allowed) return <StaffNotAllowed />;
  return Content ? <Content /> : <ConstructionPage title={entry.title} />;
}

const page = (entry: RouteEntry<never[]> | RouteEntry<[number | string]>, content: ComponentType | null, audience: Audience = 'staff'): ReactNode => (
  <StaffPage entry={entry as RouteEntry<never[]>} page={content} audience={audience} />
);

function LoginRoute() {
  useEffect(() => {
    document.title = staffPageTitle(staffPaths.staffLogin.title);
  }, []);
  return <StaffLoginPage />;
}

/** The back office: layout and pages. */
export function StaffArea() {
  const main = useRef<HTMLElement>(null);
  const [location] = useLocation();
  useRouteFocus(main);
  const signIn = location === staffPaths.staffLogin.pattern;
  return (
    <StaffLayout mainRef={main} signIn={signIn}>
      <Suspense fallback={<Loading />}>
        <Switch>
          <Route path={staffPaths.staffLogin.pattern}><LoginRoute /></Route>
          <Route path={STAFF_AREA}><Redirect to={staffPaths.staffQueue.href()} replace /></Route>
          <Route path={staffPaths.staffQueue.pattern}>{page(staffPaths.staffQueue, QueuePage)}</Route>
          <Route path={staffPaths.staffRequest.pattern}>{page(staffPaths.staffRequest, StaffRequestPage)}</Route>
          <Route path={staffPaths.staffPayments.pattern}>{page(staffPaths.staffPayments, PaymentsPage)}</Route>
          {/* Quejas y reclamaciones: the pages of claims/ are routed here. */}
          <Route path={staffPaths.staffClaims.pattern}>{page(staffPaths.staffClaims, StaffClaimsPage)}</Route>
          <Route path={staffPaths.staffClaim.pattern}>{page(staffPaths.staffClaim, StaffClaimPage)}</Route>
          <Route path={staffPaths.staffSuggestions.pattern}>{page(staffPaths.staffSuggestions, SuggestionsPage)}</Route>
          <Route path={staffPaths.staffReports.pattern}>{page(staffPaths.staffReports, ErrorReportsPage)}</Route>
          <Route path={staffPaths.staffAudit.pattern}>{page(staffPaths.staffAudit, AuditPage, 'admin')}</Route>
          <Route path={staffPaths.staffMembers.pattern}>{page(staffPaths.staffMembers, StaffMembersPage, 'admin')}</Route>
          <Route path={staffPaths.staffForms.pattern}>{page(staffPaths.staffForms, FormsPage, 'forms')}</Route>
          <Route><StaffNotFound /></Route>
        </Switch>
      </Suspense>
    </StaffLayout>
  );
}
