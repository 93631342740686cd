import { describe, expect, it } from 'vitest';
import * as shared from '@portal/form-engine/uploads';
import { DEFAULT_ACCEPT, MAX_UPLOAD_BYTES, TYPE_NOT_ALLOWED, dropzoneAccept, uploadProblem } from './uploadRules';

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

  it('give a drop zone every MIME type with its extensions', () => {
    expect(dropzoneAccept(['jpeg', 'jpg', 'png', 'dxf'])).toEqual({ 'image/jpeg': ['.jpeg', '.jpg'], 'image/png': ['.png'], 'image/vnd.dxf': ['.dxf'] });
    expect(dropzoneAccept(['ai', 'PS', 'exe'])).toEqual({ 'application/postscript': ['.ai', '.ps'] });
  });
});
