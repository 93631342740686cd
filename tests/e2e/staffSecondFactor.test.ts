/**
 * Staff sign in with a second factor (issue 25 §2) in Chromium against the
 * real server. A staff member created by the command (no factor) signs in:
 * the password alone opens nothing (the back office sends back to the sign-in,
 * /auth/me answers 401); they enrol an authenticator app (the test computes
 * its codes with otpauth from the key the page shows), see their ten recovery
 * codes once (download, «Guardé mis códigos»), sign out, sign in with password
 * and code; a code already used is refused; a recovery code works once. The
 * administrator resets another member's factor from «Personal»: it is in the
 * audit page and the member enrols again. axe at 1280 and 390 px, and a
 * keyboard-only pass of the enrolment and code screens. Screenshots in
 * tests/.artifacts/staff-2fa.
 */
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SANDBOX_STAFF_TOTP_SECRET } from '@portal/api-contract';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createStaffAccount } from '../../packages/server/src/cli/createStaff';
import { expectNoAxeViolations, waitForStillPage } from '../support/axe';
import { expectFocus, tabTo, type } from '../support/keyboard';
import { rememberStaffCode, snapshotOnFailure, staffCode, staffSignInTo } from '../support/portal';
import { portalSuite } from '../support/portalSuite';
import { REPO_ROOT } from '../support/startPortal';
import { DESKTOP, PHONE } from '../support/viewports';

const suite = portalSuite();
const SHOTS = path.join(REPO_ROOT, 'tests/.artifacts/staff-2fa');
const ADMIN = { email: 'admin@sandbox.gob.do', password: 'Admin-Portal-2026' };
const LOGIN = '/institucion/ingresar';
const QUEUE = '/institucion/solicitudes';

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await waitForStillPage(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** A PGR officer created as `npm run staff:create` does: no second factor yet. */
async function newMember(email: string, name: string): Promise<{ email: string; password: string }> {
  const password = 'Mangos-De-Bani-En-Julio-9';
  const created = await createStaffAccount(suite.portal.app.db, suite.portal.app.passwords, { email, name, role: 'oficial', institution: 'PGR' }, password);
  expect(created).toMatchObject({ email });
  return { email, password };
}

/** The password step on the sign-in page (the page is there already). */
async function typePassword(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.getByRole('textbox', { name: 'Correo electrónico' }).fill(account.email);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
}

const signOut = async (page: Page) => {
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await page.waitForURL((url) => url.pathname === LOGIN);
  await page.getByRole('heading', { name: 'Ingreso del personal', level: 1 }).waitFor();
};

/** The enrolment's choice: the authenticator app (the passkey path is tests/e2e/staffPasskey.test.ts). */
async function chooseApp(page: Page): Promise<void> {
  await page.getByRole('radio', { name: 'Aplicación de autenticación' }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('heading', { name: 'Configure la aplicación de autenticación', level: 1 }).waitFor();
}

/** The password alone: no staff session (the back office sends to the sign-in page, /auth/me is 401). */
async function expectNoSession(page: Page): Promise<void> {
  expect((await page.request.get(`${suite.baseUrl}/v1/backoffice/auth/me`)).status()).toBe(401);
}

describe('staff second factor', () => {
  it('a new member enrols, keeps the recovery codes, then signs in with password and code; a used code is refused; a recovery code works once', async () => {
    const member = await newMember('lucia.mejia@pgr.gob.do', 'Lucía Mejía');
    const page = await suite.page({ viewport: DESKTOP, acceptDownloads: true });
    await snapshotOnFailure(page, async () => {
      await page.goto(`${suite.baseUrl}${QUEUE}`);
      await page.waitForURL((url) => url.pathname === LOGIN);
      await typePassword(page, member);

      // Enrolment: the key and its otpauth:// link; the password alone opened no session.
      await page.getByRole('heading', { name: 'Configure su segundo factor', level: 1 }).waitFor();
      await expectNoSession(page);
      await chooseApp(page);
      const key = (await page.getByTestId('clave-totp').innerText()).replace(/\s/g, '');
      expect(key).toMatch(/^[A-Z2-7]{32}$/);
      expect(await page.getByRole('link', { name: 'abrir la clave en la aplicación de autenticación' }).getAttribute('href')).toMatch(new RegExp(`^otpauth://totp/.*secret=${key}`));
      await expectNoAxeViolations(page, 'alta 1280');
      await shot(page, 'alta-1280');
      rememberStaffCode(suite.baseUrl, member.email, key);
      await page.getByRole('textbox', { name: 'Código de 6 dígitos' }).fill('12345');
      await page.getByRole('button', { name: 'Confirmar' }).click();
      await page.getByRole('alert').getByText('El código tiene 6 dígitos.').waitFor();
      await page.getByRole('textbox', { name: 'Código de 6 dígitos' }).fill(await staffCode(suite.baseUrl, member.email));
      await page.getByRole('button', { name: 'Confirmar' }).click();

      // The recovery codes, once: download them, tick «Guardé mis códigos», go on.
      await page.getByRole('heading', { name: 'Sus códigos de recuperación', level: 1 }).waitFor();
      const items = page.getByRole('list', { name: 'Códigos de recuperación' }).getByRole('listitem');
      await expect.poll(() => items.count()).toBe(10);
      const codes = (await items.allInnerTexts()).map((c) => c.trim());
      expect(await page.getByRole('button', { name: 'Continuar' }).isDisabled()).toBe(true);
      await expectNoAxeViolations(page, 'códigos 1280');
      await shot(page, 'codigos-1280');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar' }).click()]);
      expect(download.suggestedFilename()).toBe('codigos-de-recuperacion.txt');
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'staff-2fa-')), download.suggestedFilename());
      await download.saveAs(file);
      const saved = readFileSync(file, 'utf8');
      for (const code of codes) expect(saved).toContain(code);
      await page.getByRole('checkbox', { name: 'Guardé mis códigos' }).check();
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.waitForURL((url) => url.pathname === QUEUE);
      await page.getByRole('heading', { name: 'Solicitudes', level: 1 }).waitFor();
      await signOut(page);

      // Password, then the code.
      await typePassword(page, member);
      await page.getByRole('heading', { name: 'Código de verificación', level: 1 }).waitFor();
      await expectNoSession(page);
      // The sandbox note gives the documented key of the sandbox accounts.
      await page.getByRole('note').getByText(SANDBOX_STAFF_TOTP_SECRET).waitFor();
      await expectNoAxeViolations(page, 'código 1280');
      await shot(page, 'codigo-1280');
      // Leaving after the password alone: the back office sends back to the sign-in.
      await page.goto(`${suite.baseUrl}${QUEUE}`);
      await page.waitForURL((url) => url.pathname === LOGIN);
      await typePassword(page, member);
      const used = await staffCode(suite.baseUrl, member.email);
      await page.getByRole('textbox', { name: 'Código de 6 dígitos' }).fill(used);
      await page.getByRole('button', { name: 'Verificar' }).click();
      await page.waitForURL((url) => url.pathname === QUEUE);
      await signOut(page);

      // The same code again: refused.
      await typePassword(page, member);
      await page.getByRole('textbox', { name: 'Código de 6 dígitos' }).fill(used);
      await page.getByRole('button', { name: 'Verificar' }).click();
      await page.getByRole('alert').getByText(/^Ese código ya se usó/).waitFor();
      await expectNoSession(page);
      await expectNoAxeViolations(page, 'código usado 1280');
      await shot(page, 'codigo-usado-1280');

      // A recovery code instead: once.
      await page.getByRole('button', { name: 'Usar un código de recuperación' }).click();
      await page.getByRole('textbox', { name: 'Código de recuperación' }).fill(codes[0]);
      await shot(page, 'recuperacion-1280');
      await page.getByRole('button', { name: 'Verificar' }).click();
      await page.waitForURL((url) => url.pathname === QUEUE);
      await signOut(page);
      await typePassword(page, member);
      await page.getByRole('button', { name: 'Usar un código de recuperación' }).click();
      await page.getByRole('textbox', { name: 'Código de recuperación' }).fill(codes[0]);
      await page.getByRole('button', { name: 'Verificar' }).click();
      await page.getByRole('alert').getByText('Código de recuperación incorrecto o ya usado').waitFor();
      await expectNoSession(page);
      expect(new URL(page.url()).pathname).toBe(LOGIN);
    });
  });

  it('the administrator resets another member\'s factor from «Personal»: audited, and the member enrols again', async () => {
    const member = await newMember('pedro.santos@pgr.gob.do', 'Pedro Santos');
    // The member enrols first (through the browser, as above but briefly).
    const memberPage = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(memberPage, async () => {
      await memberPage.goto(`${suite.baseUrl}${LOGIN}`);
      await typePassword(memberPage, member);
      await memberPage.getByRole('heading', { name: 'Configure su segundo factor', level: 1 }).waitFor();
      await chooseApp(memberPage);
      rememberStaffCode(suite.baseUrl, member.email, await memberPage.getByTestId('clave-totp').innerText());
      await memberPage.getByRole('textbox', { name: 'Código de 6 dígitos' }).fill(await staffCode(suite.baseUrl, member.email));
      await memberPage.getByRole('button', { name: 'Confirmar' }).click();
      await memberPage.getByRole('checkbox', { name: 'Guardé mis códigos' }).check();
      await memberPage.getByRole('button', { name: 'Continuar' }).click();
      await memberPage.waitForURL((url) => url.pathname === QUEUE);
    });

    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      await staffSignInTo(page, suite.baseUrl, ADMIN, QUEUE);
      await page.getByRole('navigation', { name: 'Oficina' }).getByRole('link', { name: 'Personal' }).click();
      await page.getByRole('heading', { name: 'Personal', level: 1 }).waitFor();
      const row = page.getByRole('row').filter({ hasText: member.email });
      await row.getByText('Configurado').waitFor();
      // No reset of one's own factor.
      await expect(page.getByRole('button', { name: 'Restablecer segundo factor de Administración del portal' }).count()).resolves.toBe(0);
      await expectNoAxeViolations(page, 'personal 1280');
      await shot(page, 'personal-1280');
      await row.getByRole('button', { name: 'Restablecer segundo factor de Pedro Santos' }).click();
      const dialog = page.getByRole('dialog', { name: '¿Restablecer el segundo factor?' });
      await dialog.waitFor();
      await expectNoAxeViolations(page, 'restablecer 1280');
      await shot(page, 'restablecer-1280');
      await dialog.getByRole('button', { name: 'Restablecer' }).click();
      await page.getByRole('status').getByText('Segundo factor restablecido: Pedro Santos lo configurará en su próximo ingreso.').waitFor();
      await row.getByText('Lo configura en su próximo ingreso').waitFor();

      // In the audit log.
      await page.goto(`${suite.baseUrl}/institucion/auditoria?accion=restablecer_segundo_factor`);
      const log = page.getByRole('table', { name: 'Registro de auditoría' });
      await log.getByText('Restableció el segundo factor de un miembro del personal').waitFor();
      await log.getByText(`Miembro del personal: Pedro Santos (${member.email})`).waitFor();
      await shot(page, 'auditoria-1280');
    });

    // The member's session ended; their next sign-in enrols again.
    await snapshotOnFailure(memberPage, async () => {
      await memberPage.reload();
      await memberPage.waitForURL((url) => url.pathname === LOGIN);
      await typePassword(memberPage, member);
      await memberPage.getByRole('heading', { name: 'Configure su segundo factor', level: 1 }).waitFor();
    });
  });

  it('enrolment and code screens by keyboard only, and axe at 390 px', async () => {
    const member = await newMember('ana.rosario@pgr.gob.do', 'Ana Rosario');
    const page = await suite.page({ viewport: PHONE });
    await snapshotOnFailure(page, async () => {
      const signInByKeyboard = async () => {
        await page.goto(`${suite.baseUrl}${LOGIN}`);
        await page.getByRole('heading', { name: 'Ingreso del personal', level: 1 }).waitFor();
        await tabTo(page, 'Correo electrónico', { max: 10 });
        await type(page, member.email);
        await tabTo(page, 'Contraseña');
        await type(page, member.password);
        await page.keyboard.press('Enter');
      };
      await signInByKeyboard();
      // Focus goes to the new step's heading.
      await expectFocus(page, 'Configure su segundo factor');
      await expectNoAxeViolations(page, 'elegir 390');
      // The choice by keyboard: Tab into the radio group, the arrow to the app, Tab to «Continuar».
      await tabTo(page, 'Llave de acceso (rostro, huella o llave de seguridad)', { max: 3 });
      await page.keyboard.press('ArrowDown');
      await expectFocus(page, (f) => f.name === 'Aplicación de autenticación' && f.checked === true);
      await tabTo(page, 'Continuar', { max: 2 });
      await page.keyboard.press('Enter');
      await expectFocus(page, 'Configure la aplicación de autenticación');
      await expectNoAxeViolations(page, 'alta 390');
      await shot(page, 'alta-390');
      rememberStaffCode(suite.baseUrl, member.email, await page.getByTestId('clave-totp').innerText());
      await tabTo(page, 'Código de 6 dígitos', { max: 4 });
      await type(page, await staffCode(suite.baseUrl, member.email));
      await page.keyboard.press('Enter');
      await expectFocus(page, 'Sus códigos de recuperación');
      await expectNoAxeViolations(page, 'códigos 390');
      await shot(page, 'codigos-390');
      await tabTo(page, 'Guardé mis códigos', { max: 5 });
      await page.keyboard.press('Space');
      await tabTo(page, 'Continuar', { max: 2 });
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === QUEUE);
      await page.getByRole('heading', { name: 'Solicitudes', level: 1 }).waitFor();
      expect((await page.request.post(`${suite.baseUrl}/v1/backoffice/auth/logout`)).status()).toBe(200);

      await signInByKeyboard();
      await expectFocus(page, 'Código de verificación');
      await expectNoAxeViolations(page, 'código 390');
      await shot(page, 'codigo-390');
      await tabTo(page, 'Código de 6 dígitos', { max: 3 });
      await type(page, await staffCode(suite.baseUrl, member.email));
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === QUEUE);
    });
  });
});
