import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, PORTAL_ACCEPT, TOO_LARGE } from '@portal/form-engine/uploads';
import { FILE_TOO_LARGE } from '../../http/installErrorHandler';
import { allowedType, detectKinds, splitFileName } from './fileRules';
import { hasActiveMarkup } from './markupScanner';

describe('splitFileName', () => {
  it.each([
    ['Cédula.pdf', null],
    ['cedula.PDF', { name: 'cedula', extension: 'pdf' }],
    ['Acta Constitutiva 2024.pdf', { name: 'Acta Constitutiva 2024', extension: 'pdf' }],
    ['Peña Ñoño.v2.png', { name: 'Peña Ñoño.v2', extension: 'png' }],
    ['sin extension', { name: 'sin extension', extension: '' }],
    ['../../etc/passwd', null],
    ['a/b.pdf', null],
    ['c:\\x.pdf', null],
    ['x_y.pdf', null],
    ['x-y.pdf', null],
    ['..pdf', null],
    ['.pdf', { name: '.pdf', extension: '' }],
    ['', null],
  ])('%j -> %j', (input, expected) => expect(splitFileName(input)).toEqual(expected));
});

describe('allowedType', () => {
  it("stores the portal's list and the form's DXF, nothing else", () => {
    for (const ext of PORTAL_ACCEPT) expect(allowedType(ext)).toBeDefined();
    expect(allowedType('dxf')?.contents).toEqual(['dxf']);
    expect(allowedType('html')).toBeUndefined();
    expect(allowedType('svg')).toBeUndefined();
    expect(allowedType('__proto__')).toBeUndefined();
  });

  it('answers the size limit with the message the browser shows', () => {
    expect(FILE_TOO_LARGE).toBe(TOO_LARGE);
    expect(MAX_UPLOAD_BYTES).toBe(52428800);
  });
});

describe('detectKinds', () => {
  it.each([
    ['%PDF-1.7\n', ['pdf']],
    ['\x89PNG\r\n\x1a\n0000', ['png']],
    ['\xff\xd8\xff\xe0', ['jpeg']],
    ['AC1032\x00\x00', ['dwg']],
    ['  0\r\nSECTION\r\n', ['dxf']],
    ['0\nSECTION\n', ['dxf']],
    ['\n\n  0\nSECTION', ['dxf']],
    ['PK\x03\x04', ['zip']],
    ['\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1', ['ole2']],
    ['GIF89a', []],
    ['<html>', []],
    [' %PDF-', []],
  ])('%j -> %j', (head, kinds) => expect(detectKinds(Buffer.from(head, 'latin1'))).toEqual(kinds));
});

describe('hasActiveMarkup', () => {
  it('finds markup case-insensitively and ignores plain content', () => {
    expect(hasActiveMarkup(Buffer.from('\x89PNG....<ScRiPt>alert(1)</script>', 'latin1'))).toBe(true);
    expect(hasActiveMarkup(Buffer.from('%PDF-1.4 <!DOCTYPE html>', 'latin1'))).toBe(true);
    expect(hasActiveMarkup(Buffer.from('%PDF-1.4 << /Type /Catalog >>', 'latin1'))).toBe(false);
  });
});
