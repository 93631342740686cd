/** A form's frame as this browser last saw it: the fixed option lists a step asks for with its draft, and what is no frame. */
import { describe, expect, it } from 'vitest';
import { lastSeenLists } from './publishedForms';

/** Each case its own form name: the frames read are kept for the page's life. */
const stored = (name: string, frame: unknown) => localStorage.setItem(`marco:${name}`, JSON.stringify(frame));

const CIIU = '/v1/region/actividades-ciiu';
const PROVINCES = '/v1/region/provincias?limit=1000&page=1&paisId=1';

describe('lastSeenLists', () => {
  it('gives a step\'s fixed lists, and the first step\'s for \'\'', () => {
    stored('a', { version: 2, title: 'A', steps: { uno: 'Uno', dos: 'Dos' }, lists: { uno: [PROVINCES], dos: [CIIU] } });
    expect(lastSeenLists('a', 'dos')).toEqual([CIIU]);
    expect(lastSeenLists('a', '')).toEqual([PROVINCES]);
    expect(lastSeenLists('a', 'tres')).toEqual([]);
  });

  it('gives nothing for a form never seen, or a frame kept before lists were', () => {
    expect(lastSeenLists('nunca', 'uno')).toEqual([]);
    stored('viejo', { version: 1, title: 'Viejo', steps: { uno: 'Uno' } });
    expect(lastSeenLists('viejo', 'uno')).toEqual([]);
  });

  it('asks for nothing from an entry changed to name another origin or anything but addresses', () => {
    for (const [name, lists] of [
      ['otro-origen', { uno: ['//ejemplo.com/v1/x'] }],
      ['barra-invertida', { uno: ['/\\ejemplo.com/v1/x'] }],
      ['absoluta', { uno: ['https://ejemplo.com/v1/x'] }],
      ['no-lista', { uno: CIIU }],
      ['numeros', { uno: [1] }],
    ] as const) {
      stored(name, { version: 1, title: 'X', steps: { uno: 'Uno' }, lists });
      expect(lastSeenLists(name, 'uno'), name).toEqual([]);
    }
  });
});
