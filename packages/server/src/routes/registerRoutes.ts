/**
 * Every API route, under /v1 (and the spec's few /v2 calls under /v2).
 *
 * The routes that need the citizen's session are registered in one
 * encapsulated context (citizenRoutes below) whose onRoute hook puts
 * app.authenticate first among each route's onRequest hooks, as the back
 * office does for staff (backoffice/backofficeRoutes.ts): a new citizen route
 * cannot forget it, and no route file names app.authenticate itself
 * (test/citizenContext.test.ts). The start-up check (plugins/external/routeContract.ts)
 * sees the hook on each route and holds it to the route's citizenSecurity.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { applicationRoutes } from './applications/applicationRoutes';
import { previewRoutes } from './applications/previewRoutes';
import { formVersionRoutes } from './forms/formVersionRoutes';
import { catalogueRoutes } from './catalogue/catalogueRoutes';
import { catalogueV2Routes } from './catalogue/catalogueV2Routes';
import { accountPublicRoutes, accountRoutes } from './auth/accountRoutes';
import { passkeyPublicRoutes, passkeyRoutes } from './auth/passkeyRoutes';
import { passwordCheckRoutes } from './auth/passwordCheckRoutes';
import { passwordPublicRoutes, passwordRoutes } from './auth/passwordRoutes';
import { registrationRoutes } from './auth/registrationRoutes';
import { emailUndoRoutes } from './auth/emailUndoRoutes';
import { documentRoutes } from './documents/documentRoutes';
import { uploadDocumentRoute } from './documents/uploadDocumentRoute';
import { existsRoutes } from './exists/existsRoutes';
import { jceRoutes } from './jce/jceRoutes';
import { linkRoutes } from './links/linkRoutes';
import { notificationRoutes } from './notifications/notificationRoutes';
import { onapiRoutes } from './onapi/onapiRoutes';
import { profileRoutes } from './profile/profileRoutes';
import { regionRoutes } from './region/regionRoutes';
import { requestRoutes } from './requests/requestRoutes';
import { requestActionRoutes } from './requests/requestActionRoutes';
import { pageViewRoutes } from './analytics/pageViewRoutes';
import { errorReportRoutes } from './reports/errorReportRoutes';
import { shellConfigRoutes } from './shell/shellConfigRoutes';
import { suggestionRoutes } from './suggestions/suggestionRoutes';
import { backofficeRoutes } from './backoffice/backofficeRoutes';
import { claimPublicRoutes, claimRoutes } from './claims/claimRoutes';
import { camaraReturnRoutes } from './payments/camaraPaymentRoutes';
import { paymentRoutes } from './payments/paymentRoutes';
import { sandboxCardPageRoutes } from './payments/sandboxCardPageRoutes';

/**
 * Makes every route registered in `context` (and in the plugins it registers)
 * need the citizen's session: app.authenticate first among the route's own
 * onRequest hooks, where the OpenAPI check (routeContract.ts) sees it; the
 * route declares citizenSecurity. A route that brings app.authenticate itself
 * stops the start: the context is the only place that adds it.
 */
export function requireCitizenSession(context: FastifyInstance): void {
  context.addHook('onRoute', (route) => {
    const own = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    if (own.includes(context.authenticate)) {
      const methods = Array.isArray(route.method) ? route.method.join(', ') : route.method;
      throw new Error(`${methods} ${route.url}: la ruta añade app.authenticate; quítelo, el contexto del ciudadano (routes/registerRoutes.ts) ya lo añade a cada ruta`);
    }
    route.onRequest = [context.authenticate, ...own];
  });
}

/** The citizen's own routes: each needs a session (requireCitizenSession). Public routes go in registerRoutes. */
const CITIZEN_ROUTES: readonly FastifyPluginAsync[] = [
  // The identity lookups serve the signed-in form (their per-account limit: app.lookupGuard).
  jceRoutes,
  onapiRoutes,
  existsRoutes,
  accountRoutes,
  passwordRoutes,
  passkeyRoutes,
  uploadDocumentRoute,
  documentRoutes,
  profileRoutes,
  applicationRoutes,
  requestRoutes,
  requestActionRoutes,
  notificationRoutes,
  claimRoutes,
  paymentRoutes,
];

/** The encapsulated context of the citizen's routes. */
export async function citizenRoutes(citizen: FastifyInstance): Promise<void> {
  requireCitizenSession(citizen);
  for (const routes of CITIZEN_ROUTES) await citizen.register(routes);
}

/** Every API route, under /v1 (and the spec's few /v2 calls under /v2). */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(
    async (v1) => {
      // Public: reference lists, account entry (register, login, forgot and reset password, the password check), what a service's
      // form asks, the shell's own (error reports, page views, its config), links, the catalogue and the claim
      // types. Error reports take a session when one comes (optionalSecurity), read by the route itself.
      await v1.register(regionRoutes);
      await v1.register(registrationRoutes);
      await v1.register(accountPublicRoutes);
      await v1.register(passkeyPublicRoutes);
      await v1.register(passwordPublicRoutes);
      // How a new password would be judged: the browser's strength hint, with or without a session.
      await v1.register(passwordCheckRoutes);
      await v1.register(emailUndoRoutes);
      await v1.register(previewRoutes);
      await v1.register(formVersionRoutes);
      await v1.register(errorReportRoutes);
      await v1.register(pageViewRoutes);
      await v1.register(shellConfigRoutes);
      await v1.register(linkRoutes);
      await v1.register(catalogueRoutes);
      await v1.register(claimPublicRoutes);
      // The card payment page's signed return: its hash authenticates it, not a session (camaraPaymentRoutes.ts).
      await v1.register(camaraReturnRoutes);
      // The back office: staff sign-in, and the staff routes in their own context (app.authenticateStaff).
      await v1.register(backofficeRoutes);
      // The citizen's routes: app.authenticate on each.
      await v1.register(citizenRoutes);
    },
    { prefix: '/v1' },
  );
  // The sandbox card payment page (PAYMENTS=sandbox only): a test stand-in for the card payment provider's page,
  // public like the provider's (it checks the signed form's AuthHash) and hidden from the OpenAPI document.
  if (app.payments.cardPage.sandbox) await app.register(sandboxCardPageRoutes);
  // The spec's /v2 calls: public; a suggestion takes a session when one comes (optionalSecurity).
  await app.register(
    async (v2) => {
      await v2.register(catalogueV2Routes);
      await v2.register(suggestionRoutes);
    },
    { prefix: '/v2' },
  );
}
