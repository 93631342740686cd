/**
 * checkDraft remembers the last draft it checked: the application's page checks a loaded draft in a task
 * of its own, and the step list and the step's form then ask for the same check. A draft is never changed
 * in place, so the same object, form and day have the same verdict; anything else is checked anew.
 */
import { describe, expect, it } from 'vitest';
import { check, type FormSchema } from '@portal/form-engine';
import formalizacion from '../../../../schemas/formalizacion/schema.json';
import srl from '../../../../schemas/formalizacion/fixtures/valid/srl-completa.json';
import { setAt } from '../data/paths';
import { checkDraft, prepareCheck } from './runCheck';

const form = formalizacion as unknown as FormSchema;
const data = srl.data as Record<string, unknown>;

describe('checkDraft', () => {
  it('answers the same draft of the same form on the same day from memory, with the engine’s verdict', () => {
    prepareCheck(form);
    const first = checkDraft(form, data, '2026-11-28');
    expect(checkDraft(form, data, '2026-11-28')).toBe(first);
    expect(first.errors).toEqual(check(form, data, { today: '2026-11-28' }).errors);
  });

  it('checks anew a changed draft, another day or another form', () => {
    const first = checkDraft(form, data, '2026-11-28');
    const changed = setAt(data, 'datos_empresa.nombre_comercial', '');
    const again = checkDraft(form, changed, '2026-11-28');
    expect(again).not.toBe(first);
    expect(again.errors).toEqual(check(form, changed, { today: '2026-11-28' }).errors);
    expect(checkDraft(form, data, '2026-11-29')).not.toBe(first);
    const other = structuredClone(form);
    expect(checkDraft(other, data, '2026-11-28')).not.toBe(first);
  });
});
