import type { FastifyInstance } from 'fastify';
import { applicationRoutes } from './applications/applicationRoutes';
import { previewRoutes } from './applications/previewRoutes';
import { catalogueRoutes } from './catalogue/catalogueRoutes';
import { catalogueV2Routes } from './catalogue/catalogueV2Routes';
import { accountRoutes } from './auth/accountRoutes';
import { passwordRoutes } from './auth/passwordRoutes';
import { registrationRoutes } from './auth/registrationRoutes';
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
import { claimRoutes } from './claims/claimRoutes';
import { paymentRoutes } from './payments/paymentRoutes';
import { sandboxCardPageRoutes } from './payments/sandboxCardPageRoutes';

/** Every API route, under /v1 (and the spec's few /v2 calls under /v2). */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(
    async (v1) => {
      await v1.register(jceRoutes);
      await v1.register(onapiRoutes);
      await v1.register(regionRoutes);
      await v1.register(existsRoutes);
      await v1.register(registrationRoutes);
      await v1.register(accountRoutes);
      await v1.register(passwordRoutes);
      await v1.register(uploadDocumentRoute);
      await v1.register(documentRoutes);
      await v1.register(profileRoutes);
      await v1.register(applicationRoutes);
      await v1.register(previewRoutes);
      await v1.register(requestRoutes);
      await v1.register(requestActionRoutes);
      await v1.register(errorReportRoutes);
      await v1.register(pageViewRoutes);
      await v1.register(shellConfigRoutes);
      await v1.register(notificationRoutes);
      await v1.register(linkRoutes);
      await v1.register(catalogueRoutes);
      await v1.register(backofficeRoutes);
      await v1.register(claimRoutes);
      await v1.register(paymentRoutes);
    },
    { prefix: '/v1' },
  );
  // The sandbox card payment page (PAYMENTS=sandbox only): a test stand-in for the card payment provider's page.
  if (app.payments.cardPage.sandbox) await app.register(sandboxCardPageRoutes);
  // The spec's /v2 calls.
  await app.register(
    async (v2) => {
      await v2.register(catalogueV2Routes);
      await v2.register(suggestionRoutes);
    },
    { prefix: '/v2' },
  );
}
