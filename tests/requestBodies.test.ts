/**
 * Every JSON body the app sends is typed from the schema the server validates it with
 * (@portal/api-contract, bodySchemas.ts): the ESLint rule portal/contract-request-body refuses a
 * body typed by hand, and the server's route schemas hold the contract's very objects.
 */
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import * as contract from '@portal/api-contract';
import { pageViewSchema } from '../packages/server/src/routes/analytics/pageViewRoutes';
import * as applicationSchemas from '../packages/server/src/routes/applications/applicationSchemas';
import * as authSchemas from '../packages/server/src/routes/auth/authSchemas';
import * as passkeySchemas from '../packages/server/src/routes/auth/passkeyRoutes';
import * as staffAuthSchemas from '../packages/server/src/routes/backoffice/staffAuthRoutes';
import { makeReadSchema } from '../packages/server/src/routes/notifications/notificationSchemas';
import { camaraHashRouteSchema, camaraReturnRouteSchema } from '../packages/server/src/routes/payments/camaraPaymentSchemas';
import { onapiPaymentRouteSchema } from '../packages/server/src/routes/payments/onapiPaymentSchemas';
import { newCodeSchema, siriteSchema } from '../packages/server/src/routes/payments/transferPaymentRoutes';
import { variationSelectSchema } from '../packages/server/src/routes/payments/variationRoutes';
import { confirmEmailSchema } from '../packages/server/src/routes/profile/profileSchemas';
import { errorReportSchema } from '../packages/server/src/routes/reports/errorReportSchemas';
import { commentSchema, confirmationSchema, ratingSchema } from '../packages/server/src/routes/requests/requestSchemas';
import { serviceSuggestedRouteSchema } from '../packages/server/src/routes/suggestions/suggestionSchemas';

const root = resolve(__dirname, '..');
const eslint = new ESLint({ cwd: root });
const RULE = 'portal/contract-request-body';

async function bodyErrors(file: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, file) });
  return result.messages.filter((m) => m.ruleId === RULE).length;
}

const header = "import type { LoginBody } from '@portal/api-contract';\nimport { api } from '../lib/api-client';\n";

describe('the app sends no body typed by hand', () => {
  it.each([
    ['a hand-written interface', 'interface LoginInput { cedula: string; password: string }\nexport const f = (input: LoginInput) => api.post("x", { json: input });'],
    ['an inline type', 'export const f = (input: { cedula: string }) => api.post("x", { json: input });'],
    ['an untyped object literal', 'export const f = (cedula: string, password: string) => api.post("x", { json: { cedula, password } });'],
    ['a cast', 'export const f = (cedula: string, password: string) => api.post("x", { json: { cedula, password } as LoginBody });'],
    ['a generic of the contract', 'export const f = (input: Partial<LoginBody>) => api.post("x", { json: input });'],
    ['fetch with JSON.stringify', 'export const f = (path: string) => fetch("/v1/x", { method: "POST", body: JSON.stringify({ path }) });'],
  ])('refuses %s', async (_case, code) => {
    expect(await bodyErrors('app/src/api/x.ts', header + code)).toBe(1);
  });

  it('checks components too, not only the api files', async () => {
    const code = header.replace('../lib', '../../../lib') + 'export const f = (n: number) => api.post("x", { json: { n } });';
    expect(await bodyErrors('app/src/features/claims/components/X.tsx', code)).toBe(1);
  });

  it.each([
    ['a parameter of a contract type', 'export const f = (input: LoginBody) => api.post("x", { json: input });'],
    ['an object literal that satisfies one', 'export const f = (cedula: string, password: string) => api.post("x", { json: { cedula, password } satisfies LoginBody });'],
    ['a variable of a contract type', 'export function f(cedula: string) { const json: LoginBody = { cedula, password: "" }; return api.post("x", { json }); }'],
    ['a request without a body', 'export const f = () => api.post("x");'],
  ])('accepts %s', async (_case, code) => {
    expect(await bodyErrors('app/src/api/x.ts', header + code)).toBe(0);
  });
});

describe('the server validates each body with the contract schema the app types it from', () => {
  it.each([
    ['register', authSchemas.registerSchema.body, contract.registrationBodySchema],
    ['confirm', authSchemas.confirmSchema.body, contract.registrationConfirmBodySchema],
    ['resend', authSchemas.resendSchema.body, contract.registrationResendBodySchema],
    ['login', authSchemas.loginSchema.body, contract.loginBodySchema],
    ['reset', authSchemas.resetSchema.body, contract.passwordResetBodySchema],
    ['reset-link', authSchemas.resetLinkSchema.body, contract.passwordResetLinkBodySchema],
    ['email-undo', authSchemas.emailUndoSchema.body, contract.emailUndoBodySchema],
    ['changepassword', authSchemas.changePasswordSchema.body, contract.passwordChangeBodySchema],
    ['password-check', authSchemas.passwordCheckSchema.body, contract.passwordCheckBodySchema],
    ['email/confirm', confirmEmailSchema.body, contract.emailConfirmBodySchema],
    ['notification-make-read', makeReadSchema.body, contract.notificationMakeReadBodySchema],
    ['new draft', applicationSchemas.createSchema.body, contract.draftCreateBodySchema],
    ['save draft', applicationSchemas.saveSchema.body, contract.draftSaveBodySchema],
    ['request-comment', commentSchema.body, contract.requestCommentBodySchema],
    ['request-dynamic-confirmation', confirmationSchema.body, contract.requestConfirmationBodySchema],
    ['ratings', ratingSchema.body, contract.requestRatingBodySchema],
    ['error-reports', errorReportSchema.body, contract.errorReportBodySchema],
    ['service-suggested', serviceSuggestedRouteSchema.body, contract.serviceSuggestionBodySchema],
    ['institution-onapi/payment', onapiPaymentRouteSchema.body, contract.onapiCardPaymentBodySchema],
    ['request-variation-select', variationSelectSchema.body, contract.variationSelectBodySchema],
    ['requests/{id}/payment-code', newCodeSchema.body, contract.paymentCodeRenewalBodySchema],
    ['sirite/response', siriteSchema.body, contract.siritePaymentBodySchema],
    ['institution-camara/hash', camaraHashRouteSchema.body, contract.cardPageHashBodySchema],
    ['institution-camara/return', camaraReturnRouteSchema.body, contract.cardPageReturnBodySchema],
    ['analytics/page-views', pageViewSchema.body, contract.pageViewBodySchema],
    ['passkeys/login', passkeySchemas.loginWithPasskeySchema.body, contract.webAuthnAnswerBodySchema],
    ['passkeys/registration-options', passkeySchemas.registrationOptionsSchema.body, contract.signInProofBodySchema],
    ['passkeys', passkeySchemas.createSchema.body, contract.passkeyCreateBodySchema],
    ['passkeys/{id} (DELETE)', passkeySchemas.deleteSchema.body, contract.signInProofBodySchema],
    ['backoffice/auth/second-factor', staffAuthSchemas.secondFactorSchema.body, contract.staffSecondFactorBodySchema],
    ['backoffice/auth/enrolment', staffAuthSchemas.enrolmentSchema.body, contract.staffEnrolmentBodySchema],
    ['backoffice/auth/second-factor/passkey-options', staffAuthSchemas.secondFactorPasskeyOptionsSchema.body, contract.staffPasskeyOptionsBodySchema],
    ['backoffice/auth/enrolment/passkey-options', staffAuthSchemas.enrolmentPasskeyOptionsSchema.body, contract.staffPasskeyOptionsBodySchema],
  ])('%s', (_route, routeBody, contractBody) => {
    expect(routeBody).toBe(contractBody);
  });
});

describe('the server answers with the contract schema the app types the answer from', () => {
  it.each([
    ['register', authSchemas.registerSchema.response[202], contract.registrationAnswerSchema],
    ['confirm', authSchemas.confirmSchema.response[201], contract.registrationConfirmAnswerSchema],
    ['password-check', authSchemas.passwordCheckSchema.response[200], contract.passwordCheckAnswerSchema],
    ['request-variation-select', variationSelectSchema.response[200], contract.variationSelectAnswerSchema],
    ['institution-camara/hash', camaraHashRouteSchema.response[201], contract.signedCardPageFormSchema],
    ['passkeys/login', passkeySchemas.loginWithPasskeySchema.response[200], contract.loginResponseSchema],
    ['passkeys', passkeySchemas.listSchema.response[200], contract.passkeyListSchema],
    ['passkeys/login-options', passkeySchemas.loginOptionsSchema.response[200], contract.webAuthnOptionsSchema],
    ['backoffice/auth/login', staffAuthSchemas.loginSchema.response[200], contract.staffLoginResponseSchema],
    ['backoffice/auth/second-factor', staffAuthSchemas.secondFactorSchema.response[200], contract.staffSessionResponseSchema],
    ['backoffice/auth/second-factor/passkey-options', staffAuthSchemas.secondFactorPasskeyOptionsSchema.response[200], contract.webAuthnOptionsSchema],
    ['backoffice/auth/enrolment/passkey-options', staffAuthSchemas.enrolmentPasskeyOptionsSchema.response[200], contract.webAuthnOptionsSchema],
  ])('%s', (_route, routeAnswer, contractAnswer) => {
    expect(routeAnswer).toBe(contractAnswer);
  });
});
