import { describe, expect, it, vi } from 'vitest';
import { check, type FormSchema } from '@portal/form-engine';
import { FormStore, toMessageMap, type FormSnapshot } from './FormStore';
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
    expect(onLookupErrors).toHaveBeenLastCalledWith([{ path: 's.kind', message: 'Inválido' }]);
    store.update(snapshot({ s: { kind: 'b' } }));
    expect(store.view('s.kind').error).toBeUndefined();
    expect(store.lookupErrorList()).toEqual([]);
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
