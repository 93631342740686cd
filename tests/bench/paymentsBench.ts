/**
 * The payment calls on the embedded database (issue 13; BENCH_SOLO=pagos):
 * the real server (startServerOn, sandbox card processor and card page, rate
 * limits lifted for the loopback address), formalizations submitted through
 * the API first. autocannon for the calls that can repeat (the payment view,
 * a variation choice, a declined ONAPI card, the Cámara's hash); an approved
 * ONAPI card payment can happen once per charge, so those are timed one per
 * fresh request, ten at a time.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { submittableSrl } from '../../packages/server/test/applicationData';
import { startServerOn } from './realServer';
import { summarize } from './stats';

/** autocannon's options and result with the parts this bench reads (the package ships no types; tests/bench/autocannon.d.ts has the rest). */
type CannonRequest = { method?: string; path?: string; body?: string; setupRequest?: (request: { path: string; body?: string }) => { path: string; body?: string } };
type CannonOptions = Omit<Parameters<typeof autocannon>[0], 'requests'> & { requests?: CannonRequest[] };
type CannonResult = Awaited<ReturnType<typeof autocannon>> & { statusCodeStats?: Record<string, { count: number }> };
const cannon = autocannon as unknown as (options: CannonOptions) => Promise<CannonResult>;

/** Fresh requests paid by card once each (the approved figure). */
const FRESH = 60;
const APPROVED = { cardNumber: '4242424242424242', expDate: '12/39', cvv: '123' };
const DECLINED = { cardNumber: '4000000000000002', expDate: '12/39', cvv: '123' };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

/** "201 ×1234, 409 ×2": how the answers came back. */
const statuses = (stats: Record<string, { count: number }> | undefined) =>
  Object.entries(stats ?? {}).map(([code, s]) => `${code} ×${s.count}`).join(', ');

export async function paymentsBench(): Promise<string[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-bench-pagos-'));
  let server;
  try {
    server = await startServerOn({ dataDir });
  } catch (e) {
    await rm(dataDir, { recursive: true, force: true });
    throw e;
  }
  const base = server.baseUrl;
  try {
    const login = await fetch(`${base}/v1/portals/auth/citizens/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ cedula: '40229183641', password: 'Demo-Portal-2026' }),
    });
    const { token } = (await login.json()) as { token: string };
    const bearer = { authorization: `Bearer ${token}` };
    const auth = { ...bearer, 'content-type': 'application/json' };
    const me = ((await (await fetch(`${base}/v1/portals/auth/citizens/me`, { headers: bearer })).json()) as { data: { id: number } }).data.id;
    const upload = new FormData();
    upload.append('citizen_profile_id', String(me));
    upload.append('file', new Blob([PDF], { type: 'application/pdf' }), 'Estatutos.pdf');
    const stored = await fetch(`${base}/v1/portals/documents`, { method: 'POST', headers: bearer, body: upload });
    if (stored.status !== 201) throw new Error(`documento: ${stored.status} ${await stored.text()}`);
    const doc = ((await stored.json()) as { data: { id: number } }).data.id;

    let serial = 0;
    const submit = async (): Promise<{ id: number; code: string }> => {
      serial += 1;
      const data = submittableSrl(doc);
      data.datos_solicitud.tienes_nombre_comercial = false;
      data.datos_solicitud['nombre_de_la_empresa_o_razón_social'] = `Pagos de Medición ${serial} ${process.pid} SRL`;
      delete data.datos_solicitud.numero_del_certificado_de_nombre_comercial;
      delete data.documentos_requeridos.certificado_de_nombre_comercial;
      const created = await fetch(`${base}/v1/portals/formalizaciones`, { method: 'POST', headers: auth, body: JSON.stringify({ data }) });
      if (created.status !== 201) throw new Error(`borrador: ${created.status} ${await created.text()}`);
      const id = ((await created.json()) as { data: { id: number } }).data.id;
      const sent = await fetch(`${base}/v1/portals/formalizaciones/${id}/submit`, { method: 'POST', headers: bearer });
      if (sent.status !== 200) throw new Error(`envío: ${sent.status} ${await sent.text()}`);
      return { id, code: ((await sent.json()) as { data: { request_code: string } }).data.request_code };
    };

    const main = await submit();
    const view = ((await (await fetch(`${base}/v1/portals/requests/${main.id}/payment`, { headers: bearer })).json()) as {
      data: { items: { id: number; agency: string }[]; payment: { prices: { item_id: number; variations: { id: number; price: number }[] }[] } };
    }).data;
    const camara = view.items.find((i) => i.agency === 'CCPSD')!;
    const variation = view.payment.prices.find((p) => p.item_id === camara.id)!.variations[0];
    const camaraAmount = 5000 + 2 * variation.price;
    const variationBody = JSON.stringify({ quantity: 2, payment_amount: camaraAmount, request_id: [main.id], variation_id: [variation.id] });
    const chosen = await fetch(`${base}/v1/portals/request-variation-select`, { method: 'POST', headers: auth, body: variationBody });
    if (chosen.status !== 200) throw new Error(`variación: ${chosen.status} ${await chosen.text()}`);
    const order = main.code.replace(/[^A-Za-z0-9]/g, '');
    const hashBody = JSON.stringify({
      TrxType: 'Sale', OrderNumber: order, Amount: `${camaraAmount}00`, ITBIS: '000',
      ApprovedUrl: `${base}/my-requests/vuf/azul_callback`,
      DeclinedUrl: `${base}/my-requests/vuf?solicitud_id=${main.code}&decline=1`,
      CancelUrl: `${base}/my-requests/vuf?solicitud_id=${main.code}&canceled=1`,
    });
    // Declined cards rotate over several requests: one card attempt per charge is live at a time, so
    // twenty connections on one charge would mostly measure the in-flight refusal (409).
    const declinedCodes = [main.code, ...(await Promise.all(Array.from({ length: 9 }, () => submit()))).map((r) => r.code)];
    let turn = 0;
    const declinedBody = (request: { path: string; body?: string }) => ({
      ...request,
      body: JSON.stringify({ codigoSolicitud: declinedCodes[turn++ % declinedCodes.length], ...DECLINED }),
    });

    const runs: { name: string; expect: number; opts: CannonOptions }[] = [
      { name: 'GET /v1/portals/requests/{id}/payment (vista de pago)', expect: 200, opts: { url: `${base}/v1/portals/requests/${main.id}/payment`, headers: bearer } },
      {
        name: 'POST /v1/portals/request-variation-select (variación recalculada y guardada)', expect: 200,
        opts: { url: `${base}/v1/portals/request-variation-select`, method: 'POST', headers: auth, body: variationBody },
      },
      {
        name: 'POST /v1/institution-onapi/payment (tarjeta rechazada del sandbox, 10 solicitudes)', expect: 422,
        opts: { url: `${base}/v1/institution-onapi/payment`, method: 'POST', headers: auth, requests: [{ method: 'POST', setupRequest: declinedBody }] },
      },
      {
        name: 'POST /v1/institution-camara/hash/{código} (firma HMAC-SHA512 de la página de pago)', expect: 201,
        opts: { url: `${base}/v1/institution-camara/hash/${encodeURIComponent(main.code)}`, method: 'POST', headers: auth, body: hashBody },
      },
    ];
    const lines: string[] = [];
    for (const run of runs) {
      await cannon({ ...run.opts, connections: 10, duration: 2 }); // warm-up
      const r = await cannon({ ...run.opts, connections: 20, duration: 8 });
      const other = Object.entries(r.statusCodeStats ?? {}).filter(([code]) => Number(code) !== run.expect).reduce((n, [, s]) => n + s.count, 0) + r.errors + r.timeouts;
      lines.push(
        `pagos: ${run.name}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms (respuestas: ${statuses(r.statusCodeStats)}` +
          `${other ? `; ${other} distintas de ${run.expect}` : ''})`,
      );
    }

    // Approved card payments: once per charge, on fresh requests, ten at a time.
    const fresh: { id: number; code: string }[] = [];
    for (let i = 0; i < FRESH; i += 10) fresh.push(...(await Promise.all(Array.from({ length: Math.min(10, FRESH - i) }, () => submit()))));
    const samples: number[] = [];
    const failures: string[] = [];
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next < fresh.length) {
          const { code } = fresh[next++];
          const t0 = performance.now();
          const res = await fetch(`${base}/v1/institution-onapi/payment`, { method: 'POST', headers: auth, body: JSON.stringify({ codigoSolicitud: code, ...APPROVED }) });
          await res.arrayBuffer();
          samples.push(performance.now() - t0);
          if (res.status !== 200) failures.push(String(res.status));
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const s = summarize(samples);
    lines.push(
      `pagos: POST /v1/institution-onapi/payment (tarjeta aprobada, ${FRESH} solicitudes nuevas, 10 a la vez): ${Math.round(samples.length / elapsed)} req/s, ` +
        `p50 ${s.median.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms${failures.length ? `, ${failures.length} respuestas no 200 (${failures.join(', ')})` : ''}`,
    );
    lines.push('pagos: base embebida (PGlite, una consulta a la vez), 2 núcleos; servidor y carga en la misma máquina; procesador y página de pago del sandbox (sin red)');
    return lines;
  } finally {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
