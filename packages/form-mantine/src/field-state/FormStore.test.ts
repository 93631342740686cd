import { describe, expect, it, vi } from 'vitest';
import { check, type FormSchema } from '@portal/form-engine';
import { FormStore, changedPaths, toMessageMap, type FormSnapshot } from './FormStore';
import { isVisible } from './fieldView';

const schema = {
  $id: 't', type: 'object',
  properties: {
    s: {
      type: 'object',
      properties: {
        kind: { type: 'string', oneOf: [{ const: 'a' }, { const: 'b' }], 'x-required': true },
        extra: { type: 'string', 'x-visible': { '==': [{ var: 's.kind' }, 'b'] }, 'x-required': true,
          'x-warnings': [{ when: { '==': [{ var: 's.kind' }, 'b'] }, message: 'Aviso' }] },
      },
    },
    grid: { type: 'array', items: { type: 'object', properties: { x: { type: 'string' } } } },
  },
} as FormSchema;

function snapshot(data: Record<string, unknown>, over: Partial<FormSnapshot> = {}): FormSnapshot {
  const r = check(schema, data, { today: '2026-01-01' });
  return { data, evaluation: r.evaluation, liveErrors: toMessageMap(r.errors), givenErrors: toMessageMap([]), showErrors: 'touched', ...over };
}

describe('FormStore views', () => {
  it('follows visibility, requirement and warnings', () => {
    const store = new FormStore(snapshot({ s: { kind: 'a' } }));
    expect(store.view('s.extra').visible).toBe(false);
    expect(store.view('s.kind')).toMatchObject({ visible: true, required: true });
    store.update(snapshot({ s: { kind: 'b' } }));
    expect(store.view('s.extra')).toMatchObject({ visible: true, required: true, warnings: ['Aviso'] });
  });

  it('shows grid rows while their grid shows', () => {
    const store = new FormStore(snapshot({ grid: [{ x: '1' }] }));
    expect(store.view('grid.0').visible).toBe(true);
    expect(store.view('grid.0.x').visible).toBe(true);
    expect(isVisible(null, 'anything')).toBe(true);
  });

  it('shows live errors only once touched, or all with showErrors=all', () => {
    const store = new FormStore(snapshot({ s: {} }));
    expect(store.view('s.kind').error).toBeUndefined();
    store.touch('s.kind');
    expect(store.view('s.kind').error).toBe(store.snapshot.liveErrors.get('s.kind'));
    expect(store.view('s.kind').error).toBeTruthy();
    const all = new FormStore(snapshot({ s: {} }, { showErrors: 'all' }));
    expect(all.view('s.kind').error).toBeTruthy();
  });

  it('hides a given error once the field is edited, until new errors are given', () => {
    const given = toMessageMap([{ path: 's.kind', message: 'Del servidor' }]);
    const store = new FormStore(snapshot({ s: { kind: 'a' } }, { givenErrors: given }));
    expect(store.view('s.kind').error).toBe('Del servidor');
    store.markEdited('s.kind');
    expect(store.view('s.kind').error).toBeUndefined();
    store.update(snapshot({ s: { kind: 'a' } }, { givenErrors: toMessageMap([{ path: 's.kind', message: 'Otra vez' }]) }));
    expect(store.view('s.kind').error).toBe('Otra vez');
  });

  it('keeps the given-error map when the same messages arrive again (new array, same content)', () => {
    const first = toMessageMap([{ path: 'a', message: 'x' }, { path: 'a', message: 'y' }]);
    expect(toMessageMap([{ path: 'a', message: 'x' }], first)).toBe(first);
    expect(toMessageMap([{ path: 'a', message: 'z' }], first)).not.toBe(first);
    expect(toMessageMap([{ path: 'a', message: 'x' }, { path: 'b', message: 'x' }], first).size).toBe(2);
  });

  it('keeps a lookup error while the value is the one looked up', () => {
    const onLookupErrors = vi.fn();
    const store = new FormStore(snapshot({ s: { kind: 'a' } }), { onLookupErrors });
    store.setLookupError('s.kind', 'a', 'Inválido');
    expect(store.view('s.kind').error).toBe('Inválido');
    expect(onLookupErrors).toHaveBeenLastCalledWith([{ path: 's.kind', message: 'Inválido', value: 'a' }]);
    store.update(snapshot({ s: { kind: 'b' } }));
    expect(store.view('s.kind').error).toBeUndefined();
    expect(store.lookupErrorList()).toEqual([]);
  });

  it('takes lookup errors kept by the app (a reloaded draft), wakes only their fields, and does not echo them back', () => {
    const onLookupErrors = vi.fn();
    const store = new FormStore(snapshot({ s: { kind: 'a' }, grid: [{ x: '1' }] }), { onLookupErrors });
    const kind = vi.fn();
    const row = vi.fn();
    store.subscribeView('s.kind', kind);
    store.subscribeView('grid.0.x', row);
    store.syncLookupErrors([{ path: 's.kind', message: 'Nombre no está disponible', value: 'a' }, { path: 'grid.0.x', message: 'Otro', value: 'viejo' }]);
    expect(store.view('s.kind').error).toBe('Nombre no está disponible');
    // A verdict on a value the field no longer holds shows nothing.
    expect(store.view('grid.0.x').error).toBeUndefined();
    expect(store.lookupErrorList()).toEqual([{ path: 's.kind', message: 'Nombre no está disponible', value: 'a' }]);
    expect(kind).toHaveBeenCalledTimes(1);
    // The same list again changes nothing; an empty one clears.
    store.syncLookupErrors([{ path: 's.kind', message: 'Nombre no está disponible', value: 'a' }, { path: 'grid.0.x', message: 'Otro', value: 'viejo' }]);
    expect(kind).toHaveBeenCalledTimes(1);
    store.syncLookupErrors([]);
    expect(store.view('s.kind').error).toBeUndefined();
    expect(kind).toHaveBeenCalledTimes(2);
    expect(onLookupErrors).not.toHaveBeenCalled();
  });

  it('reveal shows a field\'s live error before it is left, while it keeps the value a lookup answered for', () => {
    const schemaWithFormat = { $id: 'r', type: 'object', properties: { s: { type: 'object', properties: { c: { type: 'string', format: 'cedula' } } } } } as FormSchema;
    const at = (c: string): FormSnapshot => {
      const data = { s: { c } };
      const r = check(schemaWithFormat, data, { today: '2026-01-01' });
      return { data, evaluation: r.evaluation, liveErrors: toMessageMap(r.errors), givenErrors: toMessageMap([]), showErrors: 'touched' };
    };
    const store = new FormStore(at('00000000000'));
    expect(store.view('s.c').error).toBeUndefined();
    store.reveal('s.c', '00000000000');
    expect(store.view('s.c').error).toBe('Cédula inválida');
    // Typing another value: its live error waits for the field to be left, as for any field.
    store.update(at('0000'));
    expect(store.view('s.c').error).toBeUndefined();
  });

  it('returns the same view object and skips notifying when nothing shown changes', () => {
    const store = new FormStore(snapshot({ s: { kind: 'a' } }));
    const listener = vi.fn();
    store.subscribe(listener);
    const before = store.view('s.kind');
    store.update(snapshot({ s: { kind: 'a' }, grid: [] }));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.view('s.kind')).toBe(before);
    store.touch('s.kind');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('FormStore notifications', () => {
  it('lists the paths whose values changed, ancestors included', () => {
    const row = { x: '1' };
    const a = { s: { kind: 'a' }, grid: [row] };
    const b = { s: { kind: 'b' }, grid: a.grid };
    expect(changedPaths(a, b)).toEqual(['', 's', 's.kind']);
    expect(changedPaths(a, { ...a, grid: [row, { x: '2' }] })).toEqual(['', 'grid', 'grid.1', 'grid.1.x']);
    expect(changedPaths(a, { s: a.s })).toEqual(['', 'grid', 'grid.0', 'grid.0.x']);
    expect(changedPaths(a, a)).toEqual([]);
  });

  it('wakes only the subscribers of changed paths on new data, and views only when the check arrives', () => {
    const store = new FormStore(snapshot({ s: { kind: 'a' }, grid: [{ x: '1' }] }));
    const kind = vi.fn();
    const gridX = vi.fn();
    const views = vi.fn();
    const every = vi.fn();
    store.subscribePath('s.kind', kind);
    store.subscribePath('grid.0.x', gridX);
    store.subscribeView('s.extra', views);
    store.subscribe(every);
    const typed = { ...store.snapshot.data, s: { kind: 'b' } };
    store.setData(typed);
    expect([kind.mock.calls.length, gridX.mock.calls.length, views.mock.calls.length, every.mock.calls.length]).toEqual([1, 0, 0, 1]);
    expect(store.snapshot.data).toBe(typed);
    store.update(snapshot(typed));
    expect([kind.mock.calls.length, gridX.mock.calls.length, views.mock.calls.length, every.mock.calls.length]).toEqual([1, 0, 1, 2]);
    expect(store.view('s.extra').visible).toBe(true);
  });

  it('wakes only the views whose visibility, requirement, warnings or errors changed after a check', () => {
    const store = new FormStore(snapshot({ s: { kind: 'a' }, grid: [{ x: '1' }] }, { showErrors: 'all' }));
    const woken: Record<string, number> = {};
    for (const path of ['s', 's.kind', 's.extra', 'grid', 'grid.0', 'grid.0.x']) store.subscribeView(path, () => (woken[path] = (woken[path] ?? 0) + 1));
    // kind b: extra shows, with its warning and its "required" error.
    store.update(snapshot({ s: { kind: 'b' }, grid: [{ x: '1' }] }, { showErrors: 'all' }));
    expect(woken).toEqual({ 's.extra': 1 });
    expect(store.view('s.extra')).toMatchObject({ visible: true, warnings: ['Aviso'] });
    expect(store.view('s.extra').error).toBeTruthy();
    // The same verdict again (a keystroke elsewhere): nobody is woken.
    store.update(snapshot({ s: { kind: 'b' }, grid: [{ x: '1' }] }, { showErrors: 'all' }));
    expect(woken).toEqual({ 's.extra': 1 });
    // Given errors: the field they name; new ones show again on a field edited since.
    store.update(snapshot({ s: { kind: 'b' }, grid: [{ x: '1' }] }, { showErrors: 'all', givenErrors: toMessageMap([{ path: 'grid.0.x', message: 'Del servidor' }]) }));
    expect(woken).toEqual({ 's.extra': 1, 'grid.0.x': 1 });
    store.markEdited('grid.0.x');
    expect(woken['grid.0.x']).toBe(2);
    expect(store.view('grid.0.x').error).toBeUndefined();
    store.update(snapshot({ s: { kind: 'b' }, grid: [{ x: '1' }] }, { showErrors: 'all', givenErrors: toMessageMap([{ path: 'grid.0.x', message: 'Del servidor' }]) }));
    expect(woken['grid.0.x']).toBe(3);
    expect(store.view('grid.0.x').error).toBe('Del servidor');
  });

  it("wakes a grid's rows when the grid shows or hides", () => {
    const hiding = { ...schema, properties: { ...schema.properties, grid: { ...schema.properties!.grid, 'x-visible': { '==': [{ var: 's.kind' }, 'a'] } } } } as FormSchema;
    const snap = (data: Record<string, unknown>) => {
      const r = check(hiding, data, { today: '2026-01-01' });
      return { data, evaluation: r.evaluation, liveErrors: toMessageMap(r.errors), givenErrors: toMessageMap([]), showErrors: 'touched' as const };
    };
    const store = new FormStore(snap({ s: { kind: 'a' }, grid: [{ x: '1' }] }));
    const row = vi.fn();
    store.subscribeView('grid.0', row);
    expect(store.view('grid.0').visible).toBe(true);
    store.update(snap({ s: { kind: 'b' }, grid: [{ x: '1' }] }));
    expect(row).toHaveBeenCalledTimes(1);
    expect(store.view('grid.0').visible).toBe(false);
  });

  it('stops waking a path subscriber once it unsubscribes', () => {
    const store = new FormStore(snapshot({ s: { kind: 'a' } }));
    const kind = vi.fn();
    const off = store.subscribePath('s.kind', kind);
    off();
    store.setData({ s: { kind: 'b' } });
    expect(kind).not.toHaveBeenCalled();
  });

  it('runs the waiting engine pass when a field is left', () => {
    const flush = vi.fn();
    const store = new FormStore(snapshot({ s: {} }), { flush }, { afterRelease: (fn) => fn() });
    store.touch('s.kind');
    store.touch('s.kind');
    expect(flush).toHaveBeenCalledTimes(2);
  });
});
