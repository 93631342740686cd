import { describe, expect, it } from 'vitest';
import { detectKind, splitFileName } from './fileRules';
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

describe('detectKind', () => {
  it.each([
    ['%PDF-1.7\n', 'pdf'],
    ['\x89PNG\r\n\x1a\n0000', 'png'],
    ['\xff\xd8\xff\xe0', 'jpeg'],
    ['AC1032\x00\x00', 'dwg'],
    ['  0\r\nSECTION\r\n', 'dxf'],
    ['0\nSECTION\n', 'dxf'],
    ['\n\n  0\nSECTION', 'dxf'],
    ['GIF89a', null],
    ['PK\x03\x04', null],
    ['<html>', null],
    [' %PDF-', null],
  ])('%j -> %s', (head, kind) => expect(detectKind(Buffer.from(head, 'latin1'))).toBe(kind));
});

describe('hasActiveMarkup', () => {
  it('finds markup case-insensitively and ignores plain content', () => {
    expect(hasActiveMarkup(Buffer.from('\x89PNG....<ScRiPt>alert(1)</script>', 'latin1'))).toBe(true);
    expect(hasActiveMarkup(Buffer.from('%PDF-1.4 <!DOCTYPE html>', 'latin1'))).toBe(true);
    expect(hasActiveMarkup(Buffer.from('%PDF-1.4 << /Type /Catalog >>', 'latin1'))).toBe(false);
  });
});
