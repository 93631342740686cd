import { describe, expect, it, vi } from 'vitest';
import { check, type FormSchema } from '@portal/form-engine';
import formalizacion from '../../../../schemas/formalizacion/schema.json';
import srl from '../../../../schemas/formalizacion/fixtures/valid/srl-completa.json';
import { FormStore, toMessageMap } from '../field-state/FormStore';
import { getAt } from '../data/paths';
import { ChangeQueue, type Scheduler } from './changeQueue';
import type { CheckedDraft } from './runCheck';

const schema = formalizacion as unknown as FormSchema;
const data = srl.data as Record<string, unknown>;

/** A scheduler the test runs by hand, like the frame after a paint. */
function manual() {
  const waiting: (() => void)[] = [];
  const schedule: Scheduler = (run) => {
    waiting.push(run);
    return () => waiting.splice(waiting.indexOf(run), 1);
  };
  return { schedule, paint: () => waiting.splice(0).forEach((r) => r()), get count() { return waiting.length; } };
}

/** A queue whose passes all wait for the paint (sameFrameBudgetMs 0), or, with a budget, a clock moved by hand. */
function setup(sameFrameBudgetMs = 0) {
  const frames = manual();
  const onChange = vi.fn<(r: CheckedDraft) => void>();
  const clock = { time: 0, passMs: 1 };
  // Each pass reads the clock twice: before and after; the second read moves it by passMs.
  let reads = 0;
  const now = () => (reads++ % 2 === 0 ? clock.time : (clock.time += clock.passMs));
  const queue = new ChangeQueue(data, { schema, today: srl.today, onChange }, { schedule: frames.schedule, sameFrameBudgetMs, now });
  const first = check(schema, data, { today: srl.today });
  const store = new FormStore({ data, evaluation: first.evaluation, liveErrors: toMessageMap(first.errors), givenErrors: toMessageMap([]), showErrors: 'touched' });
  queue.store = store;
  return { frames, onChange, queue, store, clock };
}

describe('ChangeQueue', () => {
  it('shows a change at once and hands one checked draft over after the paint, for all keys typed before it', () => {
    const { frames, onChange, queue, store } = setup();
    queue.set({ 'datos_empresa.calle': 'A' });
    queue.set({ 'datos_empresa.calle': 'Av' });
    expect(getAt(store.snapshot.data, 'datos_empresa.calle')).toBe('Av');
    expect(onChange).not.toHaveBeenCalled();
    expect(frames.count).toBe(1);
    frames.paint();
    expect(onChange).toHaveBeenCalledTimes(1);
    const result = onChange.mock.calls[0][0];
    expect(getAt(result.data, 'datos_empresa.calle')).toBe('Av');
    expect(result.errors).toEqual(check(schema, result.data, { today: srl.today }).errors);
  });

  it('runs the waiting pass on flush, once', () => {
    const { frames, onChange, queue } = setup();
    queue.flush();
    expect(onChange).not.toHaveBeenCalled();
    queue.set({ 'datos_solicitante.correo_electronico': 'no-es-correo' });
    queue.flush();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.calls[0][0].errors.some((e) => e.path.startsWith('datos_solicitante.correo'))).toBe(true);
    frames.paint();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(queue.pending).toBe(false);
  });

  it('resets dependent selects and writes computed values in the pass, and the store shows them', () => {
    const { onChange, queue, store } = setup();
    queue.set({ 'datos_solicitante.provincia': 99 });
    expect(getAt(store.snapshot.data, 'datos_solicitante.municipio')).toBe(getAt(data, 'datos_solicitante.municipio'));
    queue.flush();
    const result = onChange.mock.calls[0][0];
    expect(getAt(result.data, 'datos_solicitante.municipio')).toBeUndefined();
    expect(getAt(store.snapshot.data, 'datos_solicitante.municipio')).toBeUndefined();
  });

  it('keeps newer local changes when the app hands back an earlier draft of its own', () => {
    const { onChange, queue } = setup();
    queue.set({ 'datos_empresa.calle': 'A' });
    queue.flush();
    const handed = onChange.mock.calls[0][0].data;
    queue.set({ 'datos_empresa.calle': 'AB' });
    queue.receive(handed);
    expect(getAt(queue.latest, 'datos_empresa.calle')).toBe('AB');
    expect(queue.pending).toBe(true);
  });

  it('drops waiting changes when the app replaces the draft (a draft loaded from the server)', () => {
    const { frames, onChange, queue } = setup();
    queue.set({ 'datos_empresa.calle': 'A' });
    const loaded = { ...data, datos_empresa: { calle: 'Otra' } };
    queue.receive(loaded);
    expect(queue.latest).toBe(loaded);
    frames.paint();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('while passes are quick, a change is checked in its own frame; when they get slow, after the paint again', () => {
    const { frames, onChange, queue, store, clock } = setup(2);
    // The first pass always waits for the paint (the browser has not optimized the code yet).
    queue.set({ 'datos_empresa.calle': 'A' });
    expect(onChange).not.toHaveBeenCalled();
    frames.paint();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(queue.passMs).toBe(1);

    // 1 ms ≤ 2 ms: the next key is checked before returning, with nothing left for the paint.
    queue.set({ 'datos_solicitante.correo_electronico': 'no-es-correo' });
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(frames.count).toBe(0);
    expect(queue.pending).toBe(false);
    expect(onChange.mock.calls[1][0].errors.some((e) => e.path === 'datos_solicitante.correo_electronico')).toBe(true);
    expect(getAt(store.snapshot.data, 'datos_solicitante.correo_electronico')).toBe('no-es-correo');

    // Passes of 6 ms: the average (1 + 0.3 × 5 = 2.5 ms) is over the budget after one of them, so
    // the following keys wait for the paint again and share one pass.
    clock.passMs = 6;
    queue.set({ 'datos_empresa.calle': 'AB' });
    expect(onChange).toHaveBeenCalledTimes(3);
    expect(queue.passMs).toBeCloseTo(2.5);
    queue.set({ 'datos_empresa.calle': 'ABC' });
    queue.set({ 'datos_empresa.calle': 'ABCD' });
    expect(onChange).toHaveBeenCalledTimes(3);
    expect(frames.count).toBe(1);
    clock.passMs = 1;
    frames.paint();
    expect(onChange).toHaveBeenCalledTimes(4);
    expect(getAt(onChange.mock.calls[3][0].data, 'datos_empresa.calle')).toBe('ABCD');
    // One quick pass brings the average back under the budget (2.5 − 0.3 × 1.5 = 2.05: not yet), two do.
    expect(queue.passMs).toBeCloseTo(2.05);
    queue.set({ 'datos_empresa.calle': 'ABCDE' });
    frames.paint();
    expect(queue.passMs).toBeLessThanOrEqual(2);
    queue.set({ 'datos_empresa.calle': 'ABCDEF' });
    expect(onChange).toHaveBeenCalledTimes(6);
    expect(frames.count).toBe(0);
  });
});
