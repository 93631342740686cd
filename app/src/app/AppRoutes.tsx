/**
 * The router: one route per entry of the route registry (config/paths.ts), in
 * its order. Every page but Inicio is its own lazy chunk; Inicio is in the
 * first bundle because it is the first paint of most visits (a lazy chunk
 * would add a round trip before it, against the LCP budget). Each page sets
 * document.title from its entry; signed-in pages go through RequireSession.
 */
import { pageTitle } from '../lib/pageTitle';
import { Suspense, useEffect, useLayoutEffect, type ComponentType } from 'react';
import { parse } from 'regexparam';
import { matchRoute, Route, Switch } from 'wouter';
import { ConstructionPage } from '../components/ConstructionPage';
import { NotFoundPage } from '../components/NotFoundPage';
import { paths, type RouteEntry, type RouteName } from '../config/paths';
import { preloadServicePage } from '../features/catalogue/api';
import { preloadApplication, preloadApplications } from '../api/applications';
import { isRequestId, preloadRequest, preloadRequestList } from '../api/requests';
import { preloadProfile } from '../api/profile';
import { getSession, useSession } from '../lib/session';
import { ApplicationFrame } from '../features/applications/components/ApplicationFrame';
import { ReviewFrame } from '../features/applications/components/ReviewFrame';
import { ConfirmationFrame } from '../features/applications/components/ConfirmationFrame';
import { RequestFrame } from '../features/requests/components/RequestFrame';
import { ProfileFrame } from '../features/profile/components/ProfileFrame';
import { introFrame } from '../components/PageIntro';
import { ServiceFrame } from '../features/services/components/ServiceOverview';
import { NotificationsFrame } from '../features/notifications/components/NotificationList';
import { ClaimsFrame } from '../features/claims/components/ClaimsIntro';
import { preloadMyClaims } from '../features/claims/api';
import { preloadService } from '../features/services/api';
import { CATALOGUE_INTRO, INSTITUTIONS_INTRO, PUNTOS_GOB_INTRO } from '../features/catalogue/intros';
import { lastSeenLists, preloadPublishedForm } from '../lib/publishedForms';
import { preloadLists, preloadOptionLists } from '../api/optionLists';
import { markPageShown, usePainted } from '../lib/afterFirstPaint';
import { FORMALIZATION_FORM } from '@portal/api-contract';
import { RouteProgress } from './layout/RouteProgress';
import { KeptFocus } from '../lib/keptFocus';
import { isLazyPage, lazyPage, type LazyPage } from './lazyPage';
import { RequireSession } from './RequireSession';
import { HomeRoute } from './routes/HomeRoute';
import { PageViewTracker } from './shell/PageViewTracker';

const LoginPage = lazyPage(() => import('../features/auth/components/LoginPage'), 'LoginPage');
/** Pages whose content is drawn after their code, once their data is there: they say when it is drawn (usePageShownOnceDrawn). */
const MyRequestsPage = lazyPage(() => import('../features/requests/components/MyRequestsPage'), 'MyRequestsPage', undefined, { showsItself: true });
/** «Mis reclamos»: its heading, its button and its introduction (on a phone, the page's largest text) show while its code loads. */
const MyClaimsPage = lazyPage(() => import('../features/claims/components/MyClaimsPage'), 'MyClaimsPage', ClaimsFrame);
/** A request's page: its top (header, timeline, charges) is drawn from the request while the page's code loads. */
const RequestPage = lazyPage(() => import('../features/requests/components/RequestPage'), 'RequestPage', () => <RequestFrame waiting={<RouteProgress />} />, {
  showsItself: true,
});
/** A service's page: its name, institution and description (asked for with the first bundle) show while its code loads. */
const ServicePage = lazyPage(() => import('../features/services/components/ServicePage'), 'ServicePage', ServiceFrame);
/** The catalogue's pages: their heading and introduction (on a phone, the page's largest text) show while their code loads. */
const CataloguePage = lazyPage(() => import('../features/catalogue/components/CataloguePage'), 'CataloguePage', introFrame(CATALOGUE_INTRO));
const InstitutionsPage = lazyPage(() => import('../features/catalogue/components/InstitutionsPage'), 'InstitutionsPage', introFrame(INSTITUTIONS_INTRO));
const PuntosGobPage = lazyPage(() => import('../features/catalogue/components/PuntosGobPage'), 'PuntosGobPage', introFrame(PUNTOS_GOB_INTRO));
/** A step of an application and its review: their frame (the title) shows while their code loads, not the bare progress bar. */
const ApplicationRoute = lazyPage(() => import('../features/applications/components/ApplicationPage'), 'ApplicationPage', ApplicationFrame, { showsItself: true });
const ReviewPage = lazyPage(() => import('../features/applications/components/ReviewPage'), 'ReviewPage', ReviewFrame);
const StartPage = lazyPage(() => import('../features/applications/components/StartPage'), 'StartPage');
/** A confirmation: the request's code and «¿Qué sigue?» are drawn from the application and its request while its code loads. */
const ConfirmationPage = lazyPage(() => import('../features/applications/components/ConfirmationPage'), 'ConfirmationPage', () => (
  <ConfirmationFrame waiting={<RouteProgress />} />
));
const AccessibilityPage = lazyPage(() => import('../features/info/components/AccessibilityPage'), 'AccessibilityPage');
const PrivacyPage = lazyPage(() => import('../features/info/components/PrivacyPage'), 'PrivacyPage');
const TermsPage = lazyPage(() => import('../features/info/components/TermsPage'), 'TermsPage');
const ContactPage = lazyPage(() => import('../features/info/components/ContactPage'), 'ContactPage');
/** «Mi perfil»: its heading and the citizen's details (asked for with the first bundle) show while its code loads. */
const ProfilePage = lazyPage(() => import('../features/profile/components/ProfilePage'), 'ProfilePage', ProfileFrame);
const EmailUndoPage = lazyPage(() => import('../features/auth/components/EmailUndoPage'), 'EmailUndoPage');
const PasswordResetLinkPage = lazyPage(() => import('../features/auth/components/PasswordResetLinkPage'), 'PasswordResetLinkPage');
/** «Notificaciones»: the first page of notifications (the bell's, asked for with the shell) shows while its code loads. */
const NotificationsPage = lazyPage(() => import('../features/notifications/components/NotificationsPage'), 'NotificationsPage', NotificationsFrame);
const CardPaymentApprovedPage = lazyPage(() => import('../features/payments/components/CardPaymentApprovedPage'), 'CardPaymentApprovedPage');
/** The analyst's studio: only in the dev server (import.meta.env.DEV is false in a build, which leaves the page out). */
const StudioPage = import.meta.env.DEV ? lazyPage(() => import('../features/studio/StudioPage'), 'StudioPage') : null;
const CardPaymentReturnPage = lazyPage(() => import('../features/payments/components/CardPaymentReturnPage'), 'CardPaymentReturnPage');

/** The page of each registry entry; null: not built yet (the "en construcción" page). */
const PAGES: Record<RouteName, ComponentType | null> = {
  home: HomeRoute,
  login: LoginPage,
  services: CataloguePage,
  service: ServicePage,
  institutions: InstitutionsPage,
  puntosGob: PuntosGobPage,
  myRequests: MyRequestsPage,
  myClaims: MyClaimsPage,
  request: RequestPage,
  cardPaymentApproved: CardPaymentApprovedPage,
  cardPaymentReturn: CardPaymentReturnPage,
  profile: ProfilePage,
  emailUndo: EmailUndoPage,
  passwordResetLink: PasswordResetLinkPage,
  notifications: NotificationsPage,
  accessibility: AccessibilityPage,
  privacy: PrivacyPage,
  terms: TermsPage,
  contact: ContactPage,
  review: ReviewPage,
  confirmation: ConfirmationPage,
  application: ApplicationRoute,
  onlineStart: StartPage,
  onlineReview: ReviewPage,
  onlineConfirmation: ConfirmationPage,
  onlineApplication: ApplicationRoute,
};

/**
 * Starts loading the data the page at `location` shows first, before React has rendered anything (the
 * first entry whose pattern matches, as the Switch picks): what a signed-in page shows first
 * (SIGNED_IN_DATA), on the catalogue its first page of services, on a service's page the service. On a
 * slow phone the data and the first render then overlap instead of following one another. The page's
 * code waits for the first paint.
 */
export function preloadPage(pathname: string, search: string): void {
  let params: Params = {};
  const name = (Object.keys(paths) as RouteName[]).find((key) => {
    const [matches, found] = matchRoute(parse, paths[key].pattern, pathname);
    if (matches) params = (found ?? {}) as Params;
    return matches;
  });
  if (name === undefined) return;
  // Small answers the page shows first, asked before the page's code (~40 files on an application) so
  // they are not queued behind it on a slow connection.
  if (getSession()) SIGNED_IN_DATA[name]?.(params);
  if (name === 'services') preloadServicePage(new URLSearchParams(search));
  if (name === 'service' && params.slug) preloadService(params.slug);
  // Not the page's code: it is asked for once the first paint is on screen (see Page).
}

type Params = Record<string, string | undefined>;

const applicationPage = (params: Params) => {
  if (params.id) preloadApplicationPage(params.form ?? FORMALIZATION_FORM, params.id, params.step ?? '');
};
const reviewPage = (params: Params) => {
  if (params.id) preloadApplicationPage(params.form ?? FORMALIZATION_FORM, params.id, null);
};
/** A submitted application's confirmation: the application and its request (the same id; a draft's answers 404, not kept). */
const confirmationPage = (params: Params) => {
  if (!params.id) return;
  preloadApplication(params.form ?? FORMALIZATION_FORM, params.id);
  if (isRequestId(params.id)) preloadRequest(params.id);
};
const citizenLists = () => {
  preloadApplications();
  preloadRequestList();
};

/**
 * What a signed-in page shows first, asked before its code arrives (Inicio, in the first bundle: before
 * its first render): an application's page needs the draft, its form and the form's validators;
 * Inicio and «Mis solicitudes» the citizen's two lists; a request's page the request; a confirmation the
 * application and its request; «Mi perfil» the profile; «Mis reclamos» the claims.
 */
const SIGNED_IN_DATA: Partial<Record<RouteName, (params: Params) => void>> = {
  application: applicationPage,
  onlineApplication: applicationPage,
  review: reviewPage,
  onlineReview: reviewPage,
  confirmation: confirmationPage,
  onlineConfirmation: confirmationPage,
  home: citizenLists,
  myRequests: citizenLists,
  profile: preloadProfile,
  myClaims: preloadMyClaims,
  request: (params) => {
    // Another address is «not found»: nothing to ask.
    if (params.id && isRequestId(params.id)) preloadRequest(params.id);
  },
};

/**
 * An application's page needs its chunk, the draft, the form's current version and that version's
 * validators module, and asked for each in turn (the chunk, whose code asks for the draft and the form,
 * whose answer names the validators) on a slow phone network. Here the draft and the form start with
 * the chunk, before React renders, and the validators as soon as the form names them (publishedForms.ts);
 * once both are there, the option lists the step shows (optionLists.ts; `step` '' is the first section,
 * null a page without a step: the review).
 */
function preloadApplicationPage(form: string, id: string, step: string | null): void {
  const draft = preloadApplication(form, id);
  const published = preloadPublishedForm(form);
  if (step === null) return;
  // The step's lists that no answer changes, as this browser last saw the form: with the draft and the form, not after them.
  preloadLists(lastSeenLists(form, step));
  Promise.all([published, draft]).then(([{ schema }, application]) => {
    const section = step || Object.keys(schema.properties ?? {})[0];
    if (section) preloadOptionLists(schema, section, application.data);
  }, () => undefined);
}

/**
 * What a lazy page shows before the portal's first paint: its frame when it has one (an application's
 * step: the title), else the progress bar. Its code is asked for only after that paint (`painted`):
 * asked for at once, a page's files (some forty for a step, twenty for the lists) were downloaded and run
 * before anything showed, and a slow phone painted nothing until then (Lighthouse charged them to every
 * signed-in page's first paint: step 1's LCP went from 4.1 to 2.2 s without them). The page's data is
 * still asked for before the first render (SIGNED_IN_DATA). Pages in the first bundle (Inicio) render at once.
 */
function BeforeFirstPaint({ page }: { page: LazyPage }) {
  const Frame = page.frame;
  // Focus on this frame's heading (a navigation before the first paint was seen) follows to the page's
  // once the page, or its own frame, takes this one's place.
  return (
    <KeptFocus>
      <Frame />
    </KeptFocus>
  );
}

function Page({ entry, page: Content, painted }: { entry: RouteEntry<never[]>; page: ComponentType | null; painted: boolean }) {
  // Before the page's own effects: a page that names the tab better (usePageTitle) has the last word.
  useLayoutEffect(() => {
    document.title = pageTitle(entry.title);
  }, [entry]);
  // A page of the first bundle (or the login form in place of a signed-in page) is shown with its code once
  // painted; a lazy page says so itself (lazyPage).
  const session = useSession();
  const inFirstBundle = !Content || !isLazyPage(Content) || (entry.signedIn && !session);
  useEffect(() => {
    if (painted && inFirstBundle) markPageShown();
  }, [painted, inFirstBundle]);
  const body = !Content ? <ConstructionPage title={entry.title} /> : isLazyPage(Content) && !painted ? <BeforeFirstPaint page={Content} /> : <Content />;
  return entry.signedIn ? <RequireSession title={entry.title}>{body}</RequireSession> : body;
}

function NotFound({ painted }: { painted: boolean }) {
  useEffect(() => {
    document.title = pageTitle('Página no encontrada');
  }, []);
  useEffect(() => {
    if (painted) markPageShown();
  }, [painted]);
  return <NotFoundPage />;
}

/** The pages of the portal. */
export function AppRoutes() {
  // Once true it stays: later pages load their code as soon as they are opened.
  const painted = usePainted();
  return (
    <Suspense fallback={<RouteProgress />}>
      <Switch>
        {(Object.keys(paths) as RouteName[]).map((name) => (
          <Route key={name} path={paths[name].pattern}>
            <Page entry={paths[name] as RouteEntry<never[]>} page={PAGES[name]} painted={painted} />
          </Route>
        ))}
        {StudioPage && <Route path="/estudio/:form/:vista?"><StudioPage /></Route>}
        <Route><NotFound painted={painted} /></Route>
      </Switch>
      {/* Inside the boundary: a page still suspending (a lazy part of its own) holds the page view until it renders. */}
      <PageViewTracker />
    </Suspense>
  );
}
