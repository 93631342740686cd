/** One registry call per looked-up value: the field's lookup while typing and the step's re-check share the answer. */
import { describe, expect, it } from 'vitest';
import { LookupAnswerCache } from '../src/lookup/answerCache';
import { runLookups, type LookupAnswer } from '../src/lookup/runLookups';
import { form } from './forms';

const inapa = form('reclamacion-factura-inapa');
const draft = (cedula: string) => ({ datos_solicitante: { tipo_de_solicitante: 'persona_fisica', cedula } });
const URL_OF = (cedula: string) => `/v1/portals/exists/dni?dni=${cedula}`;

/** The registry, counting the calls it gets. */
function registry(asked: string[], status = 200) {
  return async (url: string): Promise<LookupAnswer> => {
    asked.push(url);
    await Promise.resolve();
    return { status, body: { exist: url.endsWith('03105672194') } };
  };
}

describe('LookupAnswerCache', () => {
  it('the INAPA cédula typed (the widget asks), left and checked by "Siguiente" (runLookups asks): the registry is called once', async () => {
    const asked: string[] = [];
    const fetch = registry(asked);
    const cache = new LookupAnswerCache();
    const ask = (url: string) => cache.get(url, fetch);
    // The widget, on the 11th digit.
    await expect(ask(URL_OF('03105672194'))).resolves.toEqual({ status: 200, body: { exist: true } });
    // "Siguiente": the step's lookups, through the same cache.
    const verdicts = await runLookups(inapa, draft('03105672194'), ask, { only: (p) => p.startsWith('datos_solicitante') });
    expect(verdicts.map((v) => [v.path, v.valid])).toEqual([['datos_solicitante.cedula', true]]);
    // The draft loaded again.
    await runLookups(inapa, draft('03105672194'), ask);
    expect(asked).toEqual([URL_OF('03105672194')]);
  });

  it('two askers at once share the call in flight; another value is asked on its own', async () => {
    const asked: string[] = [];
    const fetch = registry(asked);
    const cache = new LookupAnswerCache();
    const [a, b] = await Promise.all([cache.get(URL_OF('40212345678'), fetch), cache.get(URL_OF('40212345678'), fetch)]);
    expect(a).toBe(b);
    await cache.get(URL_OF('03105672194'), fetch);
    expect(asked).toEqual([URL_OF('40212345678'), URL_OF('03105672194')]);
  });

  it('a caller that stops waiting (a new value typed) does not stop the call: the next asker gets its answer', async () => {
    const asked: string[] = [];
    const fetch = registry(asked);
    const cache = new LookupAnswerCache();
    const controller = new AbortController();
    const first = cache.get(URL_OF('03105672194'), fetch, controller.signal);
    controller.abort();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    await expect(cache.get(URL_OF('03105672194'), fetch)).resolves.toMatchObject({ status: 200 });
    expect(asked).toHaveLength(1);
  });

  it('no verdict (the service down, no connection) is not kept, and an answer older than ttlMs is asked again', async () => {
    const asked: string[] = [];
    let now = 0;
    const cache = new LookupAnswerCache({ ttlMs: 1000, now: () => now });
    await cache.get(URL_OF('03105672194'), registry(asked, 503));
    await cache.get(URL_OF('03105672194'), registry(asked, 0));
    await cache.get(URL_OF('03105672194'), registry(asked));
    await cache.get(URL_OF('03105672194'), registry(asked));
    expect(asked).toHaveLength(3);
    now = 1000;
    await cache.get(URL_OF('03105672194'), registry(asked));
    expect(asked).toHaveLength(4);
    const failing = cache.get(URL_OF('1'), () => Promise.reject(new Error('red')));
    await expect(failing).rejects.toThrow('red');
    await cache.get(URL_OF('1'), registry(asked));
    expect(asked).toHaveLength(5);
  });
});
