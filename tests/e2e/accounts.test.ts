/**
 * Account flows in Chromium against the real server, its SMTP sink and the
 * production build: register (REGISTER → CHOOSE_AUTH_METHOD → FACIAL_AUTH →
 * CONFIRMATION_EMAIL → USER_REGISTER_COMPLETED) with the code read from the
 * mail, the first login's welcome (FIRST_LOGIN), logout, forgot and reset
 * (FORGET_PASSWORD → RESETCODE → SUCCESS_RESTORED), change the password with
 * another browser's session cut, the pre-emption attempt refused, an
 * anonymous visitor applying for a service (SERVICE_APPLY) and coming back to
 * it, and the whole registration by keyboard only. axe on every modal at 1280
 * and 390 px; screenshots in tests/.artifacts/accounts.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { passwordProblem } from '../../packages/form-engine/src/password';
import { SANDBOX_JCE_CITIZENS } from '../../packages/server/src/agencies/sandbox/sandboxData';
import { expectNoAxeViolations, waitForStillPage } from '../support/axe';
import { expectFocus, focused, tabTo, waitForFocusInDialog } from '../support/keyboard';
import { DEMO, login, registerCitizen, snapshotOnFailure } from '../support/portal';
import { portalSuite } from '../support/portalSuite';
import { mailboxOf, REPO_ROOT } from '../support/startPortal';
import { DESKTOP, PHONE } from '../support/viewports';

const suite = portalSuite();
const SHOTS = path.join(REPO_ROOT, 'tests/.artifacts/accounts');
const JCE_MISMATCH = 'La cédula y la fecha de nacimiento no coinciden con el registro de la JCE';
const INVALID_CODE = 'Código inválido o vencido';

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await waitForStillPage(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** The open dialog of that title, once it has its content and focus is in it; axe-checked and photographed. */
async function modal(page: Page, title: string, label: string, shotName: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  await waitForFocusInDialog(page);
  expect(await page.getByRole('dialog').count()).toBe(1);
  await expectNoAxeViolations(page, `${title} at ${label} px`);
  await shot(page, `${shotName}-${label}`);
  return dialog;
}

function person(cedula: string) {
  const found = SANDBOX_JCE_CITIZENS.find((p) => p.cedula === cedula);
  if (!found) throw new Error(cedula);
  return found;
}

/** AAAA-MM-DD → DD/MM/AAAA, as the form asks for it. */
const typedDate = (iso: string) => iso.split('-').reverse().join('/');

/** The field of exactly that label (a required one's asterisk aside; the show/hide button's name never matches). */
const field = (scope: Locator | Page, label: string) => scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`));

describe('register, first login, logout, forgot and reset, through the modals', () => {
  for (const [label, viewport, cedula] of [
    ['1280', DESKTOP, '09301624756'],
    ['390', PHONE, '40233509187'],
  ] as const) {
    it(`a new citizen of the JCE sandbox creates the account, is welcomed once, then recovers the password (${label} px)`, async () => {
      const page = await suite.page({ viewport });
      const who = person(cedula);
      const email = `nuevo.${cedula}@example.com`;
      const password = 'Mango-verde-Bani-2026';
      const mailbox = mailboxOf(suite.baseUrl);
      await snapshotOnFailure(page, async () => {
        await page.goto(`${suite.baseUrl}/`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        if (label === '1280') {
          await page.getByRole('button', { name: 'Crear cuenta', exact: true }).click();
        } else {
          // On a phone the header keeps the "Ingresar" icon; the drawer offers both ways.
          await page.getByRole('button', { name: 'Menú' }).click();
          await page.getByRole('dialog', { name: 'Menú' }).getByRole('button', { name: 'Ingresar o crear una cuenta' }).click();
          const message = await modal(page, 'Inicie sesión o regístrese', label, 'register-message');
          await message.getByRole('button', { name: 'Crear una cuenta' }).click();
        }

        let register = await modal(page, 'Crear una cuenta', label, 'register');
        // The browser checks first, with the server's words.
        await register.getByRole('button', { name: 'Continuar' }).click();
        await register.getByText('Este campo es requerido').first().waitFor();
        await field(register, 'Cédula').fill('00000000001');
        await field(register, 'Fecha de nacimiento').fill('01/01/1980');
        await field(register, 'Correo electrónico').fill(email);
        await field(register, 'Contraseña').fill('aaaaaaaaaa');
        const weak = passwordProblem('aaaaaaaaaa', cedula, [email]) ?? '';
        expect(weak).toMatch(/^La contraseña es fácil de adivinar/);
        await register.locator('[data-password-hint]').getByText(weak, { exact: false }).waitFor();
        await expect(register.locator('[data-password-hint]').innerText()).resolves.toContain('Seguridad: Muy débil');
        await field(register, 'Confirme la contraseña').fill('otra-cosa');
        await register.getByRole('button', { name: 'Continuar' }).click();
        await register.getByText('Cédula no válida, introduzca otra cédula').waitFor();
        await register.getByText(weak).last().waitFor();
        await register.getByText('Las contraseñas no coinciden').waitFor();
        await shot(page, `register-errors-${label}`);
        await field(register, 'Cédula').fill(cedula);
        expect(await field(register, 'Cédula').inputValue()).toBe(`${cedula.slice(0, 3)}-${cedula.slice(3, 10)}-${cedula.slice(10)}`);
        await field(register, 'Contraseña').fill(password);
        await register.locator('[data-password-hint]').getByText('Cumple las reglas del portal', { exact: false }).waitFor();
        await field(register, 'Confirme la contraseña').fill(password);
        // A birth date that is not the JCE's: the server refuses; back on the form, everything typed kept.
        await register.getByRole('button', { name: 'Continuar' }).click();

        let choose = await modal(page, 'Elija cómo verificar su identidad', label, 'choose-auth-method');
        await choose.getByText(email).waitFor();
        await choose.getByRole('button', { name: 'Enviar el código a mi correo' }).click();
        register = page.getByRole('dialog', { name: 'Crear una cuenta' });
        await register.getByText(JCE_MISMATCH).waitFor();
        expect(await field(register, 'Correo electrónico').inputValue()).toBe(email);
        expect(await field(register, 'Contraseña').inputValue()).toBe(password);
        expect(await field(register, 'Fecha de nacimiento').inputValue()).toBe('01/01/1980');
        await field(register, 'Fecha de nacimiento').fill(typedDate(who.fechaNacimiento));
        await register.getByRole('button', { name: 'Continuar' }).click();

        choose = await modal(page, 'Elija cómo verificar su identidad', label, 'choose-auth-method');
        // The face or fingerprint unlock is added once the account is active (tests/e2e/passkeys.test.ts).
        await choose.getByText('Desbloqueo facial o con huella', { exact: true }).waitFor();
        const since = mailbox.received.length;
        await choose.getByRole('button', { name: 'Enviar el código a mi correo' }).click();

        const confirm = await modal(page, 'Confirme su correo electrónico', label, 'confirmation-email');
        const resend = confirm.getByRole('button', { name: /^Reenviar código/ });
        expect(await resend.innerText()).toMatch(/^Reenviar código \(\d:\d{2}\)$/);
        expect(await resend.isDisabled()).toBe(true);
        const before = await confirm.locator('[data-resend-countdown]').innerText();
        expect(before).toMatch(/^Podrá pedir otro código en \d:\d{2}\.$/);
        await page.waitForFunction((text) => document.querySelector('[data-resend-countdown]')?.textContent !== text, before);
        const code = await mailbox.codeFor(email, { since });
        const wrong = code === '000000' ? '111111' : '000000';
        await field(confirm, 'Código de confirmación').fill(wrong);
        await confirm.getByRole('button', { name: 'Confirmar' }).click();
        await confirm.getByText(INVALID_CODE).waitFor();
        expect(await field(confirm, 'Código de confirmación').inputValue()).toBe(wrong);
        await field(confirm, 'Código de confirmación').fill(code);
        await confirm.getByRole('button', { name: 'Confirmar' }).click();

        const completed = await modal(page, 'Registro completado', label, 'user-register-completed');
        await completed.getByText('Su cuenta está activa', { exact: false }).first().waitFor();
        await completed.getByRole('button', { name: 'Iniciar sesión' }).click();

        const loginDialog = await modal(page, 'Iniciar sesión', label, 'login');
        expect(await field(loginDialog, 'Cédula').inputValue()).toBe(`${cedula.slice(0, 3)}-${cedula.slice(3, 10)}-${cedula.slice(10)}`);
        await field(loginDialog, 'Contraseña').fill(password);
        await loginDialog.getByRole('button', { name: 'Ingresar', exact: true }).click();

        // The first login: the welcome, with the way to the profile.
        const welcome = await modal(page, 'Bienvenido al portal', label, 'first-login');
        await welcome.getByText(`¡Hola, ${who.nombres}! Su cuenta está lista.`).waitFor();
        expect(await welcome.getByRole('link', { name: 'Completar mi perfil' }).getAttribute('href')).toBe('/perfil');
        await welcome.getByRole('button', { name: 'Ahora no' }).click();
        await page.getByRole('dialog').waitFor({ state: 'detached' });
        await page.getByRole('heading', { name: `Hola, ${who.nombres}`, level: 1 }).waitFor();

        // Logged out and in again (a new page load): no second welcome.
        await signOut(page, label);
        await openLogin(page);
        let again = page.getByRole('dialog', { name: 'Iniciar sesión' });
        await field(again, 'Cédula').fill(cedula);
        await field(again, 'Contraseña').fill(password);
        await again.getByRole('button', { name: 'Ingresar', exact: true }).click();
        await page.getByRole('heading', { name: `Hola, ${who.nombres}`, level: 1 }).waitFor();
        await page.waitForTimeout(500);
        expect(await page.getByRole('dialog').count()).toBe(0);
        await signOut(page, label);

        // Forgot the password: the code by mail, a new password, then in with it.
        await openLogin(page);
        again = page.getByRole('dialog', { name: 'Iniciar sesión' });
        await field(again, 'Cédula').fill(cedula);
        await again.getByRole('button', { name: '¿Olvidó su contraseña?' }).click();
        const forgot = await modal(page, 'Recuperar la contraseña', label, 'forget-password');
        expect(await field(forgot, 'Cédula').inputValue()).toBe(`${cedula.slice(0, 3)}-${cedula.slice(3, 10)}-${cedula.slice(10)}`);
        const resetSince = mailbox.received.length;
        await forgot.getByRole('button', { name: 'Enviar código' }).click();
        const reset = await modal(page, 'Código de recuperación', label, 'resetcode');
        await reset.getByText('Si la cédula tiene una cuenta, enviamos un código a su correo', { exact: false }).waitFor();
        const resetCode = await mailbox.codeFor(email, { since: resetSince });
        const newPassword = 'Cielo-Azul-Samana-77';
        await field(reset, 'Código recibido por correo').fill(resetCode);
        await field(reset, 'Nueva contraseña').fill('corto');
        await reset.locator('[data-password-hint]').getByText('La contraseña debe tener al menos 10 caracteres', { exact: false }).waitFor();
        await field(reset, 'Nueva contraseña').fill(newPassword);
        await field(reset, 'Confirme la nueva contraseña').fill(newPassword);
        await reset.getByRole('button', { name: 'Cambiar la contraseña' }).click();
        const restored = await modal(page, 'Contraseña restablecida', label, 'success-restored');
        await restored.getByRole('button', { name: 'Iniciar sesión' }).click();
        const last = page.getByRole('dialog', { name: 'Iniciar sesión' });
        await field(last, 'Contraseña').fill(password);
        await last.getByRole('button', { name: 'Ingresar', exact: true }).click();
        await last.getByText('Cédula o contraseña incorrecta').waitFor();
        // The failed call kept what was typed.
        expect(await field(last, 'Cédula').inputValue()).toBe(`${cedula.slice(0, 3)}-${cedula.slice(3, 10)}-${cedula.slice(10)}`);
        await field(last, 'Contraseña').fill(newPassword);
        await last.getByRole('button', { name: 'Ingresar', exact: true }).click();
        await page.getByRole('heading', { name: `Hola, ${who.nombres}`, level: 1 }).waitFor();
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      });
    });
  }
});

/** "Ingresar" of the header (a link that opens LOGIN in place). */
async function openLogin(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Ingresar', exact: true }).click();
  await page.getByRole('dialog', { name: 'Iniciar sesión' }).waitFor();
}

async function signOut(page: Page, label: string): Promise<void> {
  if (label === '1280') {
    await page.getByRole('button', { name: 'Mi cuenta' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  } else {
    await page.getByRole('button', { name: 'Menú' }).click();
    await page.getByRole('dialog', { name: 'Menú' }).getByRole('button', { name: 'Cerrar sesión' }).click();
  }
  await page.getByRole('link', { name: 'Ingresar', exact: true }).waitFor();
}

describe('the simulated environment', () => {
  it('REGISTER offers fictional JCE people: one "Usar" fills the cédula and the birth date, and the account is created (1280 px)', async () => {
    const page = await suite.page({ viewport: DESKTOP });
    const mailbox = mailboxOf(suite.baseUrl);
    await snapshotOnFailure(page, async () => {
      await page.goto(`${suite.baseUrl}/`);
      await page.getByRole('button', { name: 'Crear cuenta', exact: true }).click();
      const register = await modal(page, 'Crear una cuenta', '1280', 'register-sandbox');
      const note = register.getByRole('note').filter({ hasText: 'Entorno de prueba' });
      const use = note.getByRole('button', { name: /^Usar la cédula de / });
      expect(await use.count()).toBe(4);
      const name = (await use.first().getAttribute('aria-label'))!.replace('Usar la cédula de ', '');
      const offered = SANDBOX_JCE_CITIZENS.find((p) => `${p.nombres} ${p.apellidos}` === name)!;
      expect(offered).toBeDefined();
      await use.first().click();
      expect(await field(register, 'Cédula').inputValue()).toBe(`${offered.cedula.slice(0, 3)}-${offered.cedula.slice(3, 10)}-${offered.cedula.slice(10)}`);
      expect(await field(register, 'Fecha de nacimiento').inputValue()).toBe(typedDate(offered.fechaNacimiento));
      await expectFocus(page, 'Correo electrónico');
      const email = `prueba.${offered.cedula}@example.com`;
      await field(register, 'Correo electrónico').fill(email);
      await field(register, 'Contraseña').fill('Mango-verde-Bani-2026');
      await field(register, 'Confirme la contraseña').fill('Mango-verde-Bani-2026');
      await register.getByRole('button', { name: 'Continuar' }).click();
      const since = mailbox.received.length;
      await page.getByRole('dialog', { name: 'Elija cómo verificar su identidad' }).getByRole('button', { name: 'Enviar el código a mi correo' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirme su correo electrónico' });
      // This portal sends mail (a test SMTP server): no note about the server's output.
      await field(confirm, 'Código de confirmación').waitFor();
      expect(await confirm.getByText('salida del servidor', { exact: false }).count()).toBe(0);
      await field(confirm, 'Código de confirmación').fill(await mailbox.codeFor(email, { since }));
      await confirm.getByRole('button', { name: 'Confirmar' }).click();
      await page.getByRole('dialog', { name: 'Registro completado' }).waitFor();
    });
  });
});

describe('change the password', () => {
  it('from the account menu; another browser signed in as the same citizen is sent to / on its next call (1280 and 390 px)', async () => {
    const account = await registerCitizen(suite.baseUrl, '00118463025');
    const mine = await suite.page({ viewport: DESKTOP });
    const other = await suite.page({ viewport: PHONE });
    await snapshotOnFailure(mine, async () => {
      await login(mine, suite.baseUrl, account);
      await login(other, suite.baseUrl, account);

      // On the phone the drawer opens it too (checked, then closed without a change).
      await other.getByRole('button', { name: 'Menú' }).click();
      await other.getByRole('dialog', { name: 'Menú' }).getByRole('button', { name: 'Cambiar contraseña' }).click();
      await modal(other, 'Cambiar la contraseña', '390', 'change-password');
      await other.getByRole('dialog', { name: 'Cambiar la contraseña' }).getByRole('button', { name: 'Cancelar' }).click();
      await other.getByRole('dialog').waitFor({ state: 'detached' });

      await mine.getByRole('button', { name: 'Mi cuenta' }).click();
      await mine.getByRole('menuitem', { name: 'Cambiar contraseña' }).click();
      const change = await modal(mine, 'Cambiar la contraseña', '1280', 'change-password');
      const next = 'Nueva-Clave-Puerto-Plata-9';
      await field(change, 'Contraseña actual').fill('no-es-la-actual-9');
      await field(change, 'Nueva contraseña').fill(next);
      await field(change, 'Confirme la nueva contraseña').fill(next);
      await change.getByRole('button', { name: 'Cambiar la contraseña' }).click();
      await change.getByText('La contraseña actual no es correcta').first().waitFor();
      expect(await field(change, 'Nueva contraseña').inputValue()).toBe(next);
      await shot(mine, 'change-password-error-1280');
      await field(change, 'Contraseña actual').fill(account.password);
      await change.getByRole('button', { name: 'Cambiar la contraseña' }).click();
      await change.getByText('Contraseña actualizada').waitFor();
      await expectNoAxeViolations(mine, 'CHANGE_PASSWORD done at 1280 px');
      await change.getByRole('button', { name: 'Cerrar' }).last().click();

      // This browser goes on; the other one is signed out at its next call.
      await mine.goto(`${suite.baseUrl}/mis-solicitudes`);
      await mine.getByRole('heading', { name: 'Mis solicitudes', level: 1 }).waitFor();
      await other.goto(`${suite.baseUrl}/mis-solicitudes`);
      await other.waitForURL(`${suite.baseUrl}/`);
      await other.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
      expect(await other.evaluate(() => localStorage.getItem('session'))).toBeNull();
      // The new password works there.
      await field(other, 'Cédula').fill(account.cedula);
      await field(other, 'Contraseña').fill(next);
      await other.getByRole('button', { name: 'Ingresar', exact: true }).click();
      await other.getByRole('button', { name: 'Nueva solicitud de formalización' }).waitFor();
    });
  });
});

describe('pre-emption', () => {
  it('someone registers the cédula with another e-mail and never confirms: the owner registers and confirms; the other code is then refused', async () => {
    const cedula = '02603918570';
    const who = person(cedula);
    const mailbox = mailboxOf(suite.baseUrl);
    const intruder = await suite.page({ viewport: DESKTOP });
    const owner = await suite.page({ viewport: DESKTOP });

    const fillRegistration = async (page: Page, email: string, password: string) => {
      await page.goto(`${suite.baseUrl}/`);
      await page.getByRole('button', { name: 'Crear cuenta', exact: true }).click();
      const register = page.getByRole('dialog', { name: 'Crear una cuenta' });
      await field(register, 'Cédula').fill(cedula);
      await field(register, 'Fecha de nacimiento').fill(typedDate(who.fechaNacimiento));
      await field(register, 'Correo electrónico').fill(email);
      await field(register, 'Contraseña').fill(password);
      await field(register, 'Confirme la contraseña').fill(password);
      await register.getByRole('button', { name: 'Continuar' }).click();
      const since = mailbox.received.length;
      await page.getByRole('dialog', { name: 'Elija cómo verificar su identidad' }).getByRole('button', { name: 'Enviar el código a mi correo' }).click();
      await page.getByRole('dialog', { name: 'Confirme su correo electrónico' }).waitFor();
      return mailbox.codeFor(email, { since });
    };

    await snapshotOnFailure(owner, async () => {
      const intruderCode = await fillRegistration(intruder, 'intruso@example.com', 'Intruso-Astuto-2026');
      const ownerCode = await fillRegistration(owner, `duena.${cedula}@example.com`, 'Mango-verde-Bani-2026');
      const ownerConfirm = owner.getByRole('dialog', { name: 'Confirme su correo electrónico' });
      await field(ownerConfirm, 'Código de confirmación').fill(ownerCode);
      await ownerConfirm.getByRole('button', { name: 'Confirmar' }).click();
      await owner.getByRole('dialog', { name: 'Registro completado' }).waitFor();

      // The intruder's code, right for their registration, no longer creates anything.
      const intruderConfirm = intruder.getByRole('dialog', { name: 'Confirme su correo electrónico' });
      await field(intruderConfirm, 'Código de confirmación').fill(intruderCode);
      await intruderConfirm.getByRole('button', { name: 'Confirmar' }).click();
      await intruderConfirm.getByText(INVALID_CODE).waitFor();
      await shot(intruder, 'pre-emption-refused-1280');

      // The owner logs in; the intruder's password does not open the account.
      await owner.getByRole('dialog', { name: 'Registro completado' }).getByRole('button', { name: 'Iniciar sesión' }).click();
      const ownerLogin = owner.getByRole('dialog', { name: 'Iniciar sesión' });
      await field(ownerLogin, 'Contraseña').fill('Intruso-Astuto-2026');
      await ownerLogin.getByRole('button', { name: 'Ingresar', exact: true }).click();
      await ownerLogin.getByText('Cédula o contraseña incorrecta').waitFor();
      await field(ownerLogin, 'Contraseña').fill('Mango-verde-Bani-2026');
      await ownerLogin.getByRole('button', { name: 'Ingresar', exact: true }).click();
      await owner.getByRole('dialog', { name: 'Bienvenido al portal' }).waitFor();
    });
  });
});

describe('an anonymous visitor applying for a service', () => {
  for (const [label, viewport] of [['1280', DESKTOP], ['390', PHONE]] as const) {
    it(`is asked to log in or register (SERVICE_APPLY), and after logging in lands where the request starts (${label} px)`, async () => {
      const page = await suite.page({ viewport });
      await snapshotOnFailure(page, async () => {
        await page.goto(`${suite.baseUrl}/`);
        await page.getByRole('link', { name: 'Formalización de empresas (SRL, EIRL, persona física)' }).click();
        const apply = await modal(page, 'Solicitar el servicio', label, 'service-apply');
        await apply.getByText('«Formalización de empresas»', { exact: false }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/');
        await apply.getByRole('button', { name: 'Iniciar sesión' }).click();
        const loginDialog = page.getByRole('dialog', { name: 'Iniciar sesión' });
        await field(loginDialog, 'Cédula').fill(DEMO.cedula);
        await field(loginDialog, 'Contraseña').fill(DEMO.password);
        await loginDialog.getByRole('button', { name: 'Ingresar', exact: true }).click();
        await page.waitForURL(`${suite.baseUrl}/mis-solicitudes`);
        await page.getByRole('button', { name: 'Nueva solicitud de formalización' }).waitFor();
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      });
    });
  }
});

describe('an anonymous visitor applying for a service, without an account yet', () => {
  it('registers from SERVICE_APPLY, logs in, lands where the request starts and is welcomed there (1280 px)', async () => {
    const cedula = '05607221842';
    const who = person(cedula);
    const email = `servicio.${cedula}@example.com`;
    const password = 'Mango-verde-Bani-2026';
    const mailbox = mailboxOf(suite.baseUrl);
    const page = await suite.page({ viewport: DESKTOP });
    await snapshotOnFailure(page, async () => {
      await page.goto(`${suite.baseUrl}/`);
      await page.getByRole('link', { name: 'Formalización de empresas (SRL, EIRL, persona física)' }).click();
      await page.getByRole('dialog', { name: 'Solicitar el servicio' }).getByRole('button', { name: 'Crear una cuenta' }).click();
      const register = page.getByRole('dialog', { name: 'Crear una cuenta' });
      await field(register, 'Cédula').fill(cedula);
      await field(register, 'Fecha de nacimiento').fill(typedDate(who.fechaNacimiento));
      await field(register, 'Correo electrónico').fill(email);
      await field(register, 'Contraseña').fill(password);
      await field(register, 'Confirme la contraseña').fill(password);
      await register.getByRole('button', { name: 'Continuar' }).click();
      const since = mailbox.received.length;
      await page.getByRole('dialog', { name: 'Elija cómo verificar su identidad' }).getByRole('button', { name: 'Enviar el código a mi correo' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirme su correo electrónico' });
      await field(confirm, 'Código de confirmación').fill(await mailbox.codeFor(email, { since }));
      await confirm.getByRole('button', { name: 'Confirmar' }).click();
      await page.getByRole('dialog', { name: 'Registro completado' }).getByRole('button', { name: 'Iniciar sesión' }).click();
      const loginDialog = page.getByRole('dialog', { name: 'Iniciar sesión' });
      await field(loginDialog, 'Contraseña').fill(password);
      await loginDialog.getByRole('button', { name: 'Ingresar', exact: true }).click();
      await page.waitForURL(`${suite.baseUrl}/mis-solicitudes`);
      // The navigation closed the login; the welcome opens after it, on the new page.
      await page.getByRole('dialog', { name: 'Bienvenido al portal' }).getByRole('button', { name: 'Ahora no' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Nueva solicitud de formalización' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/mis-solicitudes');
    });
  });
});

describe('keyboard only', () => {
  it('the whole registration, from the header to the welcome, without the mouse (1280 px)', async () => {
    const cedula = '04701935282';
    const who = person(cedula);
    const email = `teclado.${cedula}@example.com`;
    const password = 'Mango-verde-Bani-2026';
    const mailbox = mailboxOf(suite.baseUrl);
    const page = await suite.page({ viewport: DESKTOP });
    const type = (text: string) => page.keyboard.type(text);
    await snapshotOnFailure(page, async () => {
      await page.goto(`${suite.baseUrl}/privacidad`);
      await page.getByRole('heading', { name: 'Política de privacidad', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Portal Ciudadano' }).focus();
      await tabTo(page, 'Ingresar', { max: 8 });
      await tabTo(page, 'Crear cuenta', { max: 1 });
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Crear una cuenta' }).waitFor();
      await expectFocus(page, 'Cédula');
      await type(cedula);
      await tabTo(page, 'Fecha de nacimiento', { max: 1 });
      await type(typedDate(who.fechaNacimiento).replace(/\//g, ''));
      await tabTo(page, 'Correo electrónico', { max: 1 });
      await type(email);
      await tabTo(page, 'Contraseña', { max: 1 });
      await type(password);
      // The show/hide button is reachable and says whether the password is shown.
      await tabTo(page, 'Mostrar lo escrito', { max: 1 });
      await page.keyboard.press('Space');
      expect(await field(page, 'Contraseña').getAttribute('type')).toBe('text');
      await page.keyboard.press('Space');
      await tabTo(page, 'Confirme la contraseña', { max: 1 });
      await type(password);
      await page.keyboard.press('Enter');

      await page.getByRole('dialog', { name: 'Elija cómo verificar su identidad' }).waitFor();
      await expectFocus(page, 'Enviar el código a mi correo');
      const since = mailbox.received.length;
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Confirme su correo electrónico' }).waitFor();
      await expectFocus(page, 'Código de confirmación');
      await type(await mailbox.codeFor(email, { since }));
      await page.keyboard.press('Enter');

      await page.getByRole('dialog', { name: 'Registro completado' }).waitFor();
      await expectFocus(page, 'Iniciar sesión');
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Iniciar sesión' }).waitFor();
      // The cédula is there already: the password is next.
      await expectFocus(page, 'Contraseña');
      await type(password);
      await page.keyboard.press('Enter');

      await page.getByRole('dialog', { name: 'Bienvenido al portal' }).waitFor();
      await expectFocus(page, 'Completar mi perfil');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      expect((await focused(page)).dialog).toBe('');
      expect(new URL(page.url()).pathname).toBe('/privacidad');
    });
  });
});
