/**
 * The institution back office at /institucion: its own sign-in, layout and
 * router, loaded as a chunk of its own (the citizen home's JavaScript does not
 * carry it). The citizen header, menus and prompts are not shown here, and
 * the citizen session is never used: the calls go through api/staffClient.
 */
import { lazy, Suspense, useEffect, useRef, type ComponentType, type ReactNode } from 'react';
import { Loader, Stack } from '@mantine/core';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { ConstructionPage } from '../../components/ConstructionPage';
import { STAFF_AREA, staffPaths, type RouteEntry } from '../../config/paths';
import { importWithReload } from '../../lib/importWithReload';
import { useRouteFocus } from '../../lib/useRouteFocus';
import { useStaffMe } from './api/backoffice';
import { StaffLayout } from './components/StaffLayout';
import { StaffNotAllowed, StaffNotFound } from './components/StaffNotFound';

/** A page of the back office, its own chunk (a chunk gone after a deploy reloads the page once). */
function lazyPage<M extends Record<K, ComponentType>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(() => importWithReload(load).then((module) => ({ default: module[name] })));
}

const StaffLoginPage = lazyPage(() => import('./components/StaffLoginPage'), 'StaffLoginPage');
const QueuePage = lazyPage(() => import('./components/QueuePage'), 'QueuePage');
const StaffRequestPage = lazyPage(() => import('./components/StaffRequestPage'), 'StaffRequestPage');
const SuggestionsPage = lazyPage(() => import('./components/SuggestionsPage'), 'SuggestionsPage');
const ErrorReportsPage = lazyPage(() => import('./components/ErrorReportsPage'), 'ErrorReportsPage');
const PaymentsPage = lazyPage(() => import('./components/PaymentsPage'), 'PaymentsPage');
const StaffClaimsPage = lazyPage(() => import('./claims/StaffClaimsPage'), 'StaffClaimsPage');
const StaffClaimPage = lazyPage(() => import('./claims/StaffClaimPage'), 'StaffClaimPage');
const AuditPage = lazyPage(() => import('./components/AuditPage'), 'AuditPage');
const StaffMembersPage = lazyPage(() => import('./components/StaffMembersPage'), 'StaffMembersPage');
const FormsPage = lazyPage(() => import('./components/FormsPage'), 'FormsPage');

const AREA = 'Oficina de la institución';

/** The document.title of a back-office page. */
export const staffPageTitle = (title: string): string => `${title} | ${AREA}`;

function Loading() {
  return (
    <Stack align="center" py="xl">
      <Loader aria-label="Cargando" />
    </Stack>
  );
}

/** A page for a signed-in staff member: the sign-in page otherwise (the client sends there on 401); `adminOnly`: the not-allowed page for an officer. */
function StaffPage({ entry, page: Content, adminOnly }: { entry: RouteEntry<never[]>; page: ComponentType | null; adminOnly: boolean }) {
  const me = useStaffMe();
  const allowed = !adminOnly || me.data?.role === 'administrador';
  useEffect(() => {
    // The not-allowed page names itself.
    if (allowed) document.title = staffPageTitle(entry.title);
  }, [entry, allowed]);
  if (!me.data) return <Loading />;
  if (!allowed) return <StaffNotAllowed />;
  return Content ? <Content /> : <ConstructionPage title={entry.title} />;
}

const page = (entry: RouteEntry<never[]> | RouteEntry<[number | string]>, content: ComponentType | null, adminOnly = false): ReactNode => (
  <StaffPage entry={entry as RouteEntry<never[]>} page={content} adminOnly={adminOnly} />
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
          <Route path={staffPaths.staffAudit.pattern}>{page(staffPaths.staffAudit, AuditPage, true)}</Route>
          <Route path={staffPaths.staffMembers.pattern}>{page(staffPaths.staffMembers, StaffMembersPage, true)}</Route>
          <Route path={staffPaths.staffForms.pattern}>{page(staffPaths.staffForms, FormsPage, true)}</Route>
          <Route><StaffNotFound /></Route>
        </Switch>
      </Suspense>
    </StaffLayout>
  );
}
