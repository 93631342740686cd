/** A person as the JCE (Junta Central Electoral) registry returns them. */
export interface JcePerson {
  cedula: string;
  nombres: string;
  apellidos: string;
}

/** An ONAPI trade-name certificate; vencimiento is an ISO date (YYYY-MM-DD). */
export interface OnapiCertificate {
  numero: string;
  vencimiento: string;
  titular: string;
}

export interface DgiiTaxpayer {
  rnc: string;
  razonSocial: string;
}

/** JCE cédula registry. Malformed cédulas answer null without calling out. */
export interface JceAgency {
  lookup(cedula: string): Promise<JcePerson | null>;
  /**
   * Whether the registry's date of birth (ISO YYYY-MM-DD) for the cédula is `fechaNacimiento`:
   * what registration asks to prove the person is who they say (the lookup never returns it).
   * False for an unknown or malformed cédula.
   */
  birthDateMatches(cedula: string, fechaNacimiento: string): Promise<boolean>;
}

/** ONAPI (trade names). */
export interface OnapiAgency {
  certificate(numero: string): Promise<OnapiCertificate | null>;
  /** Registered names matching the proposed name; an empty list means none found. */
  verifyName(name: string): Promise<{ nombre: string }[]>;
}

/** DGII taxpayer registry. */
export interface DgiiAgency {
  taxpayer(rnc: string): Promise<DgiiTaxpayer | null>;
}

/** INAPA water-service contracts. */
export interface InapaAgency {
  contractExists(contract: string): Promise<boolean>;
}

export interface Agencies {
  jce: JceAgency;
  onapi: OnapiAgency;
  dgii: DgiiAgency;
  inapa: InapaAgency;
}

/** The outside service did not answer usefully (network error, timeout, 5xx, bad JSON). */
export class AgencyUnavailableError extends Error {
  constructor(
    readonly agency: string,
    detail: string,
  ) {
    super(`Servicio externo ${agency} no disponible: ${detail}`);
    this.name = 'AgencyUnavailableError';
  }
}
