/**
 * The seeded demo citizen for the benches that audit signed-in pages: signed
 * in through the real API (POST /v1/portals/auth/citizens/login: cédula and
 * password, no second factor for citizens), and the data those pages show,
 * created through the same API with the session's token: a formalization
 * draft with the full SRL application (5 partners, 5 banks, 5 branches), a
 * submitted formalization, and one paid on the sandbox's card payment page.
 * Each piece is made once, the first time a page asks for it.
 *
 * In a browser the portal's session is two things (app/src/lib/session.ts):
 * the HttpOnly `token` cookie the server set, and the citizen's profile in
 * localStorage (`session`), which tells the app it is signed in.
 * storeSessionIn writes or removes the latter in a running Chromium.
 */
import { chromium } from 'playwright-core';
import { cardPageOrderFields, cardPageReturnUrls, type LoginResponse, type PaymentView, type SignedCardPageForm } from '@portal/api-contract';
import { DEMO_CITIZEN, SANDBOX_JCE_CITIZENS, SANDBOX_ONAPI_CERTIFICATES } from '../../packages/server/src/agencies/sandbox/sandboxData';
import { setFiles, submittableSrl } from '../../packages/server/test/applicationData';
import { fullSrlApplication } from './fullSrlApplication';

/** A signed-in session: the token (the `token` cookie's value, or a Bearer token) and the profile the app keeps. */
export interface SignedIn {
  token: string;
  citizen: LoginResponse['citizen'];
}

/** The sandbox card payment page's approved test card (docs/payments.md). */
const APPROVED_CARD = { numero: '4242424242424242', vencimiento: '12/39', cvv: '123' };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

/** The full SRL application of the benches with the sandbox registries' people and certificate, and `documentId` in every file field. */
export function fullSrlDraft(documentId: number): Record<string, any> {
  const data = fullSrlApplication() as Record<string, any>;
  const people = SANDBOX_JCE_CITIZENS;
  Object.assign(data.datos_representante, { cedula: people[0].cedula, nombre: people[0].nombres, apellido: people[0].apellidos });
  (data.propietario_socios as Record<string, any>[]).forEach((partner, i) => {
    if (partner.tipo_de_documento_de_identidad !== 'cedula') return;
    const person = people[(2 + i) % people.length];
    Object.assign(partner, { numero_de_cedula: person.cedula, nombres: person.nombres, apellidos: person.apellidos });
  });
  if (data.detalles_factura?.cedula) data.detalles_factura.cedula = people[3].cedula;
  data.datos_solicitud.numero_del_certificado_de_nombre_comercial = SANDBOX_ONAPI_CERTIFICATES[0].numero;
  setFiles(data, documentId);
  return data;
}

/** The demo citizen of the portal at `baseUrl`; every method creates its data on the first call only. */
export class DemoCitizen {
  private readonly made = new Map<string, Promise<unknown>>();
  private serial = 0;

  constructor(private readonly baseUrl: string) {}

  private once<T>(key: string, make: () => Promise<T>): Promise<T> {
    let made = this.made.get(key) as Promise<T> | undefined;
    if (!made) {
      made = make();
      this.made.set(key, made);
    }
    return made;
  }

  /** A call of the API with the session's token; the parsed answer, or an error naming what failed. */
  private async call<T>(what: string, method: string, path: string, body?: object | FormData, expected = [200, 201]): Promise<T> {
    const { token } = await this.signIn();
    const json = body !== undefined && !(body instanceof FormData);
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(json ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : json ? JSON.stringify(body) : (body as FormData),
    });
    if (!expected.includes(res.status)) throw new Error(`${what}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    return (await res.json()) as T;
  }

  /** Signs in with the seed's cédula and password, as the login form does. */
  signIn(): Promise<SignedIn> {
    return this.once('session', async () => {
      const res = await fetch(`${this.baseUrl}/v1/portals/auth/citizens/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ cedula: DEMO_CITIZEN.cedula, password: DEMO_CITIZEN.password }),
      });
      if (res.status !== 200) throw new Error(`inicio de sesión del ciudadano de demostración: ${res.status} ${(await res.text()).slice(0, 300)}`);
      const { token, citizen } = (await res.json()) as LoginResponse;
      return { token, citizen };
    });
  }

  /** One PDF in «Mis documentos», put in every file field of the applications below. */
  document(): Promise<number> {
    return this.once('document', async () => {
      const { citizen } = await this.signIn();
      const upload = new FormData();
      upload.append('citizen_profile_id', String(citizen.id));
      upload.append('file', new Blob([PDF], { type: 'application/pdf' }), 'Estatutos.pdf');
      return (await this.call<{ data: { id: number } }>('documento', 'POST', '/v1/portals/documents', upload)).data.id;
    });
  }

  /** A formalization draft holding the full SRL application (fullSrlDraft): its id. */
  draft(): Promise<number> {
    return this.once('draft', async () => {
      const data = fullSrlDraft(await this.document());
      return (await this.call<{ data: { id: number } }>('borrador', 'POST', '/v1/portals/formalizaciones', { data })).data.id;
    });
  }

  /** A new formalization, submitted (it owes ONAPI, DGII and the Cámara, as paymentsBench's): its id and request code. */
  private async submit(): Promise<{ id: number; code: string }> {
    this.serial += 1;
    const data = submittableSrl(await this.document());
    data.datos_solicitud.tienes_nombre_comercial = false;
    data.datos_solicitud['nombre_de_la_empresa_o_razón_social'] = `Medición de Páginas ${this.serial} ${process.pid} SRL`;
    delete data.datos_solicitud.numero_del_certificado_de_nombre_comercial;
    delete data.documentos_requeridos.certificado_de_nombre_comercial;
    const id = (await this.call<{ data: { id: number } }>('borrador a enviar', 'POST', '/v1/portals/formalizaciones', { data })).data.id;
    const sent = await this.call<{ data: { request_code: string } }>('envío', 'POST', `/v1/portals/formalizaciones/${id}/submit`, undefined, [200]);
    return { id, code: sent.data.request_code };
  }

  /** The submitted formalization of «Detalle de la solicitud» and of the confirmation page. */
  submitted(): Promise<{ id: number; code: string }> {
    return this.once('submitted', () => this.submit());
  }

  /** Another submitted formalization, for the card payment's return pages (paying it changes what its pages show). */
  private paying(): Promise<{ id: number; code: string }> {
    return this.once('paying', () => this.submit());
  }

  /**
   * The address the sandbox card payment page sends the browser back to once it approved the
   * Cámara's charge (/my-requests/vuf/azul_callback?…, signed): the portal's hash call, then the
   * card page's form posted with the approved test card, its redirect read. Opening it again
   * answers the same outcome (the payment is recorded once).
   */
  approvedCardReturn(): Promise<string> {
    return this.once('approved', async () => {
      const { id, code } = await this.paying();
      const view = (await this.call<{ data: PaymentView }>('vista de pago', 'GET', `/v1/portals/requests/${id}/payment`)).data;
      const charge = view.items.find((i) => i.agency === 'CCPSD');
      const total = view.request_camara?.cotizacion.totalCobrar ?? charge?.amount;
      if (total === undefined) throw new Error(`la solicitud ${code} no debe nada a la Cámara de Comercio`);
      const signed = await this.call<SignedCardPageForm>('firma de la página de pago', 'POST', `/v1/institution-camara/hash/${encodeURIComponent(code)}`, cardPageOrderFields(code, total, this.baseUrl));
      const form = new URLSearchParams({ ...signed.fields, AuthHash: signed.data, ...APPROVED_CARD });
      const paid = await fetch(new URL(`${signed.url}/pagar`, this.baseUrl), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form, redirect: 'manual' });
      const back = paid.headers.get('location');
      if (paid.status !== 303 || !back) throw new Error(`página de pago de prueba: ${paid.status} ${(await paid.text()).slice(0, 300)}`);
      const url = new URL(back, this.baseUrl);
      return `${url.pathname}${url.search}`;
    });
  }

  /** Everything above, made now (a part that fails fails again, with its reason, for the page that asks for it). */
  async prepare(): Promise<void> {
    await Promise.allSettled([this.draft(), this.submitted(), this.approvedCardReturn()]);
  }

  /** Where the card payment page sends the browser back when the bank declined the card (/my-requests/vuf?solicitud_id=…&decline=1). */
  async declinedCardReturn(): Promise<string> {
    const url = new URL(cardPageReturnUrls(this.baseUrl, (await this.paying()).code).DeclinedUrl);
    return `${url.pathname}${url.search}`;
  }
}

/** The Cookie header that carries `session` (the portal's HttpOnly, SameSite=Strict `token` cookie). */
export const sessionCookie = (session: SignedIn): string => `token=${session.token}`;

/**
 * Writes the citizen's profile into the localStorage of the portal's origin in
 * the Chromium listening on `port` (its default profile, which Lighthouse's
 * tabs share), or removes it (`session` null: a visitor). With `check`,
 * «Mis solicitudes» is then opened with the session's cookie to see that the
 * app shows the signed-in page, not the login form.
 */
export async function storeSessionIn(port: number, baseUrl: string, session: SignedIn | null, check = false): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    try {
      // Any document of the origin opens its storage: a small answer of the API.
      await page.goto(`${baseUrl}/v1/region/provincias?limit=1`);
      await page.evaluate((citizen) => {
        if (citizen) localStorage.setItem('session', JSON.stringify(citizen));
        else localStorage.removeItem('session');
      }, session?.citizen ?? null);
      if (session && check) {
        await page.setExtraHTTPHeaders({ cookie: sessionCookie(session) });
        await page.goto(`${baseUrl}/mis-solicitudes`);
        await page.getByRole('heading', { level: 1, name: 'Mis solicitudes' }).waitFor({ timeout: 60_000 });
        if ((await page.getByText('inicie sesión con su cédula').count()) > 0) throw new Error('con la sesión guardada, «Mis solicitudes» pide iniciar sesión');
      }
    } finally {
      await page.close();
    }
  } finally {
    // Connected over CDP: this only disconnects, the Chromium keeps running.
    await browser.close();
  }
}
