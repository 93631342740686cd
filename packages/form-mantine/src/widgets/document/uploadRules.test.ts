import { describe, expect, it } from 'vitest';
import * as shared from '@portal/form-engine/uploads';
import {
  DEFAULT_ACCEPT, EMPTY_FILE, INVALID_NAME, MAX_UPLOAD_BYTES, PORTAL_ACCEPT, TYPE_NOT_ALLOWED, checkFile, dropValidator, uploadProblem,
} from './uploadRules';

describe('the widgets\' upload rules', () => {
  it('are the shared definition, the server\'s own', () => {
    expect(uploadProblem).toBe(shared.uploadProblem);
    expect(MAX_UPLOAD_BYTES).toBe(52428800);
  });

  it('keep a file field without x-accept to the formalization form\'s list', () => {
    expect(DEFAULT_ACCEPT).toEqual(['jpeg', 'jpg', 'png', 'pdf', 'dwg', 'dxf']);
    expect(uploadProblem({ name: 'Plano local.dxf', size: 10 }, DEFAULT_ACCEPT)).toBeNull();
    expect(uploadProblem({ name: 'Carta.docx', size: 10 }, DEFAULT_ACCEPT)).toBe(TYPE_NOT_ALLOWED);
  });

  it('give a drop zone the codes of spec §5 for a wrong type and an empty file', () => {
    const validate = dropValidator(['pdf', 'odt']);
    expect(validate(new File(['x'], 'Carta.docx'))).toEqual({ code: 'file-invalid-type', message: TYPE_NOT_ALLOWED });
    expect(validate(new File([], 'Vacio.PDF'))).toEqual({ code: 'file-too-small', message: EMPTY_FILE });
    expect(validate(new File(['x'], 'Acta.odt'))).toBeNull();
  });

  it('check a file before sending as the server will: name, type, size, then its first bytes', async () => {
    const pdf = new File(['%PDF-1.7\n%%EOF\n'], 'Acta notarial.pdf');
    expect(await checkFile(pdf, PORTAL_ACCEPT)).toBeNull();
    expect(await checkFile(new File(['%PDF-1.7\n'], 'acta_notarial.pdf'), PORTAL_ACCEPT)).toBe(INVALID_NAME);
    expect(await checkFile(new File(['%PDF-1.7\n'], 'Carta.docx'), PORTAL_ACCEPT)).toBe(TYPE_NOT_ALLOWED);
    expect(await checkFile(new File(['hola\0'], 'Notas.txt'), PORTAL_ACCEPT)).toBe(TYPE_NOT_ALLOWED);
    expect(await checkFile(new File([], 'Vacio.pdf'), PORTAL_ACCEPT)).toBe(EMPTY_FILE);
  });
});
