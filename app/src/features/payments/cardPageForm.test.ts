import { describe, expect, it } from 'vitest';
import { cardPageRequestFields, cardPageReturnOf } from './cardPageForm';

describe('the card payment page form in the browser', () => {
  it('asks for a Sale of the whole total followed by 00, ITBIS 000, and the three return addresses of this origin', () => {
    expect(cardPageRequestFields('VUF-2026-000123', 5000, 'https://portal.gob.do')).toEqual({
      TrxType: 'Sale',
      OrderNumber: 'VUF2026000123',
      Amount: '500000',
      ITBIS: '000',
      ApprovedUrl: 'https://portal.gob.do/my-requests/vuf/azul_callback',
      DeclinedUrl: 'https://portal.gob.do/my-requests/vuf?solicitud_id=VUF-2026-000123&decline=1',
      CancelUrl: 'https://portal.gob.do/my-requests/vuf?solicitud_id=VUF-2026-000123&canceled=1',
    });
    expect(cardPageRequestFields('VUF-2026-000123', 5450.5, 'http://x').Amount).toBe('545050');
  });

  it("reads the page's return from the address (every response field and the hash), or nothing without them", () => {
    const fields = cardPageReturnOf('?OrderNumber=VUF2026000123&Amount=500000&AuthorizationCode=SBX-1&IsoCode=00&AuthHash=ab&extra=1');
    expect(fields).toEqual({ OrderNumber: 'VUF2026000123', Amount: '500000', AuthorizationCode: 'SBX-1', DateTime: '', ResponseCode: '', IsoCode: '00', ResponseMessage: '', ErrorDescription: '', RRN: '', AuthHash: 'ab' });
    expect(cardPageReturnOf('?solicitud_id=VUF-2026-000123&decline=1')).toBeNull();
    expect(cardPageReturnOf('')).toBeNull();
  });
});
