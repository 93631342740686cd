/**
 * The sandbox's card payment page (PAYMENTS=sandbox only, outside /v1): a
 * test stand-in for the Azul Payment Page, clearly marked as such. It takes
 * the browser's signed form (application/x-www-form-urlencoded), verifies its
 * AuthHash, shows the amount and a card form with the documented test cards,
 * and sends the browser back to the request's approved or declined address
 * with the signed response fields, as the real page does. The card number
 * and security code are used for the sandbox's decision and dropped: never
 * stored, logged or echoed.
 */
import { randomInt } from 'node:crypto';
import { CARD_PAGE_REQUEST_FIELDS, CARD_PAGE_RESPONSE_FIELDS, CARD_PAGE_TRX_TYPE, cardDigits, cvvDigits, formatPesos } from '@portal/api-contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { signCardPageResponse, verifyCardPageRequest, type CardPageRequest, type CardPageResponse } from '../../payments/cardPageHash';
import { SANDBOX_CARD_PAGE_PATH } from '../../payments/createPayments';
import { SANDBOX_CARDS, sandboxCardOutcome } from '../../payments/sandboxPayments';
import { APPROVED_ISO_CODE } from '../../services/payments/cardPageOrders';
import { paymentRateLimit } from './paymentSchemas';

/** The form the page receives, then re-posts with the card. */
type PageForm = Partial<Record<string, string>>;

const FORM_BODY_LIMIT = 16 * 1024;
const field = { type: 'string', maxLength: 300 } as const;
const pageBodySchema = {
  type: 'object',
  properties: Object.fromEntries([...CARD_PAGE_REQUEST_FIELDS, 'TrxType', 'AuthHash', 'numero', 'vencimiento', 'cvv'].map((f) => [f, field])),
} as const;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The signed request fields of a posted form, or null when its AuthHash does not verify (or it is not a sale). */
function verifiedRequest(body: PageForm, key: string): CardPageRequest | null {
  const fields = Object.fromEntries(CARD_PAGE_REQUEST_FIELDS.map((f) => [f, body[f] ?? ''])) as CardPageRequest;
  if (body.TrxType !== CARD_PAGE_TRX_TYPE) return null;
  if (!/^https?:\/\//.test(fields.ApprovedUrl) || !/^https?:\/\//.test(fields.DeclinedUrl) || !/^https?:\/\//.test(fields.CancelUrl)) return null;
  return verifyCardPageRequest(fields, body.AuthHash ?? '', key) ? fields : null;
}

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f5f8;color:#1a1f2b;line-height:1.5}
.banner{background:#7a1f00;color:#fff;padding:1rem;text-align:center;font-weight:700;font-size:1.15rem}
main{max-width:34rem;margin:1.5rem auto;padding:0 1rem}
.card{background:#fff;border:1px solid #c9d0db;border-radius:8px;padding:1.25rem;margin-bottom:1rem}
h1{font-size:1.5rem;margin:0 0 .75rem}h2{font-size:1.1rem;margin:0 0 .5rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
.amount{font-size:1.4rem;font-weight:700}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input[type=text]{width:100%;box-sizing:border-box;font-size:1.05rem;padding:.6rem;border:1px solid #5c6676;border-radius:6px}
input:focus,button:focus,a:focus{outline:3px solid #0b57d0;outline-offset:2px}
.row{display:grid;grid-template-columns:1fr 1fr;gap:1rem}
.actions{display:flex;flex-wrap:wrap;gap:1rem;align-items:center;margin-top:1.25rem}
button{background:#0b4ea2;color:#fff;border:0;border-radius:6px;font-size:1.05rem;font-weight:600;padding:.7rem 1.6rem;cursor:pointer}
a{color:#0b4ea2}
.error{background:#fdecea;border:1px solid #b3261e;color:#7a1212;border-radius:6px;padding:.75rem;margin-bottom:1rem}
ul{margin:.25rem 0 0;padding-left:1.25rem}code{font-size:1rem}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body>
<header class="banner">Página de pago de prueba — no se realiza ningún cargo real</header>
<main>${body}</main>
</body>
</html>`;
}

function invalidPage(reply: FastifyReply) {
  return reply
    .code(400)
    .type('text/html; charset=utf-8')
    .send(page('Solicitud de pago inválida', '<div class="card"><h1>Solicitud de pago inválida</h1><p>La firma de la solicitud no es válida o falta un dato. Vuelva al portal e intente el pago de nuevo.</p></div>'));
}

/** The page with the order and the card form; `error` is said at the top (and the card number field takes the focus). */
function paymentPage(fields: CardPageRequest, body: PageForm, error: string | null): string {
  const hidden = [...CARD_PAGE_REQUEST_FIELDS, 'TrxType', 'AuthHash']
    .map((f) => `<input type="hidden" name="${f}" value="${escapeHtml(body[f] ?? '')}">`)
    .join('\n');
  const cards = [
    [SANDBOX_CARDS.approved, 'aprobada'],
    [SANDBOX_CARDS.declined, 'rechazada por el banco'],
    [SANDBOX_CARDS.insufficientFunds, 'fondos insuficientes'],
    [SANDBOX_CARDS.processorError, 'el procesador no responde'],
  ]
    .map(([n, what]) => `<li><code>${n.replace(/(\d{4})(?=\d)/g, '$1 ')}</code>: ${what}</li>`)
    .join('');
  const alert = error ? `<div class="error" role="alert" id="error">${escapeHtml(error)}</div>` : '';
  const describedBy = error ? ' aria-describedby="error"' : '';
  return page(
    'Pagar con tarjeta — página de prueba',
    `<h1>Pagar con tarjeta</h1>
${alert}
<section class="card" aria-labelledby="orden">
<h2 id="orden">Su orden</h2>
<dl>
<dt>Comercio</dt><dd>${escapeHtml(fields.MerchantName)}</dd>
<dt>Orden</dt><dd>${escapeHtml(fields.OrderNumber)}</dd>
<dt>Monto</dt><dd class="amount">${escapeHtml(formatPesos(Number(fields.Amount) / 100))}</dd>
</dl>
</section>
<section class="card" aria-labelledby="tarjeta">
<h2 id="tarjeta">Datos de la tarjeta</h2>
<form method="post" action="${SANDBOX_CARD_PAGE_PATH}/pagar" novalidate>
${hidden}
<label for="numero">Número de la tarjeta</label>
<input type="text" id="numero" name="numero" inputmode="numeric" autocomplete="cc-number" maxlength="23" required${describedBy}${error ? ' autofocus' : ''}>
<div class="row">
<div><label for="vencimiento">Vencimiento (MM/AA)</label>
<input type="text" id="vencimiento" name="vencimiento" inputmode="numeric" autocomplete="cc-exp" maxlength="5" placeholder="MM/AA" required></div>
<div><label for="cvv">Código de seguridad (CVV)</label>
<input type="text" id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required></div>
</div>
<div class="actions"><button type="submit">Pagar</button><a href="${escapeHtml(fields.CancelUrl)}">Cancelar</a></div>
</form>
</section>
<section class="card" aria-labelledby="pruebas">
<h2 id="pruebas">Tarjetas de prueba</h2>
<p>Use cualquier vencimiento futuro y cualquier CVV de 3 dígitos.</p>
<ul>${cards}</ul>
</section>`,
  );
}

/** YYYYMMDDHHMMSS in UTC. */
const azulDateTime = (d: Date) => d.toISOString().replace(/[-:T]/g, '').slice(0, 14);
const randomDigits = (n: number) => Array.from({ length: n }, () => String(randomInt(10))).join('');

/** The return address with the signed response fields appended. */
function returnAddress(base: string, response: CardPageResponse, key: string): string {
  const query = new URLSearchParams({ ...response, AuthHash: signCardPageResponse(response, key) });
  return `${base}${base.includes('?') ? '&' : '?'}${query.toString()}`;
}

export async function sandboxCardPageRoutes(app: FastifyInstance): Promise<void> {
  // The browser posts an HTML form: parsed here only, small.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const key = () => app.payments.cardPage.authKey;
  const routeOptions = { config: paymentRateLimit, schema: { hide: true, body: pageBodySchema } } as const;

  app.post<{ Body: PageForm }>(SANDBOX_CARD_PAGE_PATH, routeOptions, async (request, reply) => {
    const fields = verifiedRequest(request.body ?? {}, key());
    if (!fields) return invalidPage(reply);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(paymentPage(fields, request.body, null));
  });

  app.post<{ Body: PageForm }>(`${SANDBOX_CARD_PAGE_PATH}/pagar`, routeOptions, async (request, reply) => {
    const body = request.body ?? {};
    const fields = verifiedRequest(body, key());
    if (!fields) return invalidPage(reply);
    const again = (error: string) => reply.code(422).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(paymentPage(fields, body, error));
    const number = cardDigits(body.numero ?? '');
    const exp = (body.vencimiento ?? '').trim();
    if (number.length < 12 || !/^\d{2}\/\d{2}$/.test(exp) || cvvDigits(body.cvv ?? '').length < 3) {
      return again('Revise los datos: número de la tarjeta, vencimiento (MM/AA) y código de seguridad de 3 o 4 dígitos.');
    }
    const outcome = sandboxCardOutcome(number, exp);
    if (outcome === 'error') return again('El procesador de pagos no respondió. No se hizo ningún cargo; intente de nuevo.');
    const base = { OrderNumber: fields.OrderNumber, Amount: fields.Amount, DateTime: azulDateTime(new Date()), ResponseCode: 'ISO8583', RRN: randomDigits(12) };
    const response: CardPageResponse = outcome.approved
      ? { ...base, AuthorizationCode: outcome.reference, IsoCode: APPROVED_ISO_CODE, ResponseMessage: 'APROBADA', ErrorDescription: '' }
      : { ...base, AuthorizationCode: '', IsoCode: outcome.reason === 'fondos_insuficientes' ? '51' : '05', ResponseMessage: 'DECLINADA', ErrorDescription: outcome.message };
    const order = Object.fromEntries(CARD_PAGE_RESPONSE_FIELDS.map((f) => [f, response[f]])) as CardPageResponse;
    return reply.header('cache-control', 'no-store').redirect(returnAddress(outcome.approved ? fields.ApprovedUrl : fields.DeclinedUrl, order, key()), 303);
  });
}
