/** The registry's rules (spec §2, §4) on the store alone. */
import { describe, expect, it } from 'vitest';
import { createModalStore } from './modalStore';
import { MODAL_NAMES } from './modalNames';
import { MODAL_REGISTRY } from '../app/modalRegistry';

describe('one modal at a time', () => {
  it('opens a modal with its title and data', () => {
    const store = createModalStore();
    expect(store.get()).toBeNull();
    store.open('SLUG_ERROR', { title: 'Otro título', data: { slug: 'x' } });
    expect(store.get()).toEqual({ name: 'SLUG_ERROR', title: 'Otro título', data: { slug: 'x' } });
  });

  it('opening a different modal replaces the open one', () => {
    const store = createModalStore();
    store.open('SLUG_ERROR', { data: { slug: 'x' } });
    store.open('SERVICE_RECOMENDED');
    expect(store.get()).toEqual({ name: 'SERVICE_RECOMENDED' });
  });

  it('opening the modal already open changes nothing (not its data, no notification)', () => {
    const store = createModalStore();
    store.open('WELLCOME', { data: 1 });
    const before = store.get();
    let calls = 0;
    store.subscribe(() => calls++);
    store.open('WELLCOME', { data: 2, title: 'Otro' });
    expect(store.get()).toBe(before);
    expect(calls).toBe(0);
  });

  it('closing clears it; closing again changes nothing', () => {
    const store = createModalStore();
    let calls = 0;
    store.subscribe(() => calls++);
    store.open('GRID_MDOAL_PREVIEW');
    store.close();
    store.close();
    expect(store.get()).toBeNull();
    expect(calls).toBe(2);
  });
});

describe('the registry', () => {
  // The spec's list (§2 "Modal registry"), with its spellings.
  const SPEC = `PUNTOSGOB_AVAILABILITY WELLCOME REGISTRO_UNICO SERVICE_RECOMENDED SERVICE_RECOMENDED_THANKS SERVICE_CLAIM_DETAILS
    SERVICE_CLAIMS PRICE_VARIATIONS PRICE_VARIATIONS_VUF UPLOAD_FILE_TO_REQUEST RATE_REQUEST_MODAL PAY_REQUEST_MODAL
    PAY_VUF_REQUEST_MODAL PAY_VUF_SUCCESS_MODAL PAY_VUF_ONAPI_REQUEST_MODAL PAY_VUF_DGII_REQUEST_MODAL PAY_VUF_CCPSD_REQUEST_MODAL
    PAY_VUF_ACTION_REQUIRED GENERATE_CODE_MODAL PAY_WITH_CHECK LOGIN REGISTER SERVICE_APPLY REGISTER_MESSAGE ERROR_REPORT
    FORGET_PASSWORD RESETCODE FACIAL_AUTH CHOOSE_AUTH_METHOD CONFIRMATION_EMAIL USER_REGISTER_COMPLETED CHANGE_PASSWORD
    SUCCESS_RESTORED FIRST_LOGIN UNDER_CONSTRUCTION_MODAL SLUG_ERROR FILE_UPLOAD_MODAL USER_EDIT PREVIEW GRID_MODAL
    GRID_MDOAL_PREVIEW PAYMENT_MODAL`.split(/\s+/);

  it('registers every name of the spec, spelled as the spec spells it, and nothing else', () => {
    expect([...MODAL_NAMES].sort()).toEqual([...SPEC].sort());
    expect(Object.keys(MODAL_REGISTRY).sort()).toEqual([...SPEC].sort());
  });

  it('gives each a Spanish title', () => {
    for (const name of MODAL_NAMES) expect(MODAL_REGISTRY[name].title, name).toMatch(/^[¡¿A-ZÁÉÍÓÚÑ]/);
  });
});
