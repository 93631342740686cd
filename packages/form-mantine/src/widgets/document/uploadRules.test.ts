import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, acceptAttribute, extensionOf, isImageExtension, uploadProblem } from './uploadRules';

describe('uploadProblem', () => {
  const accept = ['jpeg', 'jpg', 'png', 'pdf', 'dwg', 'dxf'];

  it('accepts the declared types up to 50 MB, in any letter case', () => {
    expect(uploadProblem({ name: 'cedula.PDF', size: 1000 }, accept)).toBeNull();
    expect(uploadProblem({ name: 'plano.dwg', size: MAX_UPLOAD_BYTES }, accept)).toBeNull();
  });

  it('rejects other types, files over 50 MB and empty files with Spanish messages', () => {
    expect(uploadProblem({ name: 'virus.exe', size: 10 }, accept)).toBe('Tipo de archivo no permitido. Tipos aceptados: jpeg, jpg, png, pdf, dwg, dxf.');
    expect(uploadProblem({ name: 'sin-extension', size: 10 }, accept)).toMatch(/^Tipo de archivo no permitido/);
    expect(uploadProblem({ name: 'grande.pdf', size: MAX_UPLOAD_BYTES + 1 }, accept)).toBe('El archivo supera el tamaño máximo de 50 MB.');
    expect(uploadProblem({ name: 'vacio.pdf', size: 0 }, accept)).toBe('El archivo está vacío.');
  });

  it('reads extensions and builds the accept attribute', () => {
    expect(extensionOf('a.b.JPG')).toBe('jpg');
    expect(extensionOf('.bashrc')).toBe('');
    expect(acceptAttribute(['pdf', 'png'])).toBe('.pdf,.png');
    expect(isImageExtension('.PNG')).toBe(true);
    expect(isImageExtension('pdf')).toBe(false);
  });
});
