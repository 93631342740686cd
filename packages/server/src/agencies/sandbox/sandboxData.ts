/**
 * Fictional records served by the sandbox agencies (like a payment provider's
 * test mode). Every person and company here is invented; the cédulas and RNCs
 * are made up but pass the real check-digit algorithms. README lists them.
 */

/**
 * JCE registry: people whose cédula lookups succeed. The date of birth is never
 * returned by the public lookup; registration asks for it (docs/architecture.md).
 */
export const SANDBOX_JCE_CITIZENS = [
  { cedula: '00104578232', nombres: 'María Altagracia', apellidos: 'Rosario Méndez', fechaNacimiento: '1968-05-14' },
  { cedula: '40229183641', nombres: 'Juan Carlos', apellidos: 'Peña Núñez', fechaNacimiento: '1987-09-03' },
  { cedula: '03105672194', nombres: 'Ana Lucía', apellidos: 'Fernández Tavárez', fechaNacimiento: '1979-02-21' },
  { cedula: '22300486150', nombres: 'Pedro Miguel', apellidos: 'Santana Güemes', fechaNacimiento: '1991-11-30' },
  { cedula: '04701935282', nombres: 'Rosa Elena', apellidos: 'Batista Cruz', fechaNacimiento: '1983-07-08' },
  { cedula: '05607221842', nombres: 'Luis Manuel', apellidos: 'Ortiz Almonte', fechaNacimiento: '1975-12-19' },
  { cedula: '03702849518', nombres: 'Carmen Yolanda', apellidos: 'De la Cruz Reyes', fechaNacimiento: '1962-04-25' },
  { cedula: '40210773467', nombres: 'José Ángel', apellidos: 'Martínez Ureña', fechaNacimiento: '1995-01-17' },
  { cedula: '02603918570', nombres: 'Yokasta', apellidos: 'Jiménez Polanco', fechaNacimiento: '1988-10-02' },
  { cedula: '09301624756', nombres: 'Rafael Antonio', apellidos: 'Castillo Mejía', fechaNacimiento: '1970-06-11' },
  { cedula: '40233509187', nombres: 'Daniela', apellidos: 'Ñíguez Bautista', fechaNacimiento: '1999-03-28' },
  { cedula: '00118463025', nombres: 'Francisco Javier', apellidos: 'Abreu Valdez', fechaNacimiento: '1958-08-09' },
] as const;

/** ONAPI trade-name certificates (6 characters). Dates are ISO (YYYY-MM-DD). */
export const SANDBOX_ONAPI_CERTIFICATES = [
  { numero: '458712', vencimiento: '2031-03-15', titular: 'María Altagracia Rosario Méndez' },
  { numero: '330195', vencimiento: '2030-08-01', titular: 'Juan Carlos Peña Núñez' },
  { numero: '700210', vencimiento: '2033-12-31', titular: 'Tecnología Caribeña SRL' },
  { numero: '612044', vencimiento: '2029-06-30', titular: 'Ana Lucía Fernández Tavárez' },
  /** Expired. */
  { numero: '123987', vencimiento: '2021-01-31', titular: 'Pedro Miguel Santana Güemes' },
  /** Expired. */
  { numero: '908172', vencimiento: '2023-10-10', titular: 'Café Cibao Real EIRL' },
] as const;

/** ONAPI registered trade names: a company name that contains one of these is not available. */
export const SANDBOX_ONAPI_NAMES = [
  'Panadería La Esperanza',
  'Ferretería El Martillo Dorado',
  'Colmado Doña Ñeca',
  'Tecnología Caribeña',
  'Café Cibao Real',
  'Constructora Quisqueya Verde',
] as const;

/** DGII taxpayers (RNC, 9 digits). */
export const SANDBOX_DGII_TAXPAYERS = [
  { rnc: '131987656', razonSocial: 'Tecnología Caribeña SRL' },
  { rnc: '101754321', razonSocial: 'Ferretería El Martillo Dorado SRL' },
  { rnc: '401502135', razonSocial: 'Café Cibao Real EIRL' },
  { rnc: '130467218', razonSocial: 'Constructora Quisqueya Verde SRL' },
  { rnc: '101204788', razonSocial: 'Panadería La Esperanza SRL' },
  { rnc: '132876148', razonSocial: 'Servicios Turísticos Samaná EIRL' },
] as const;

/** INAPA water-service contract numbers. */
export const SANDBOX_INAPA_CONTRACTS = ['10045678', '20078912', '30012345'] as const;

/** Demo account (one of the JCE people above), created on first start in sandbox mode. */
export const DEMO_CITIZEN = {
  cedula: '40229183641',
  email: 'demo.ciudadano@example.com',
  password: 'Demo-Portal-2026',
} as const;

/**
 * Back-office accounts created on first start in sandbox mode (README, «Oficina
 * de la institución»): one officer per institution that acts on the sandbox's
 * online services (VUF is the single window for formalization) and one
 * administrator. In production staff are created with `npm run staff:create`.
 */
export const SANDBOX_STAFF = [
  { email: 'oficial.vuf@sandbox.gob.do', name: 'Oficial de la Ventanilla Única', role: 'oficial', institution: 'VUF', password: 'Oficial-VUF-2026' },
  { email: 'oficial.pgr@sandbox.gob.do', name: 'Oficial de la PGR', role: 'oficial', institution: 'PGR', password: 'Oficial-PGR-2026' },
  { email: 'oficial.intrant@sandbox.gob.do', name: 'Oficial del INTRANT', role: 'oficial', institution: 'INTRANT', password: 'Oficial-INTRANT-2026' },
  { email: 'oficial.inapa@sandbox.gob.do', name: 'Oficial del INAPA', role: 'oficial', institution: 'INAPA', password: 'Oficial-INAPA-2026' },
  // The DGII officer accepts or refuses the proofs of payment of formalizations' DGII charges (issue 13 §4).
  { email: 'oficial.dgii@sandbox.gob.do', name: 'Oficial de la DGII', role: 'oficial', institution: 'DGII', password: 'Oficial-DGII-2026' },
  { email: 'admin@sandbox.gob.do', name: 'Administración del portal', role: 'administrador', institution: null, password: 'Admin-Portal-2026' },
  // Publishes forms and reads their versions, nothing else (issue 26 §2).
  { email: 'analista@sandbox.gob.do', name: 'Analista de formularios', role: 'analista', institution: null, password: 'Analista-Portal-2026' },
] as const;
