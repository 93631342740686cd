/*
 * The server's environment variables, declared once: one JSON Schema (`as const`) with each
 * variable's type, default, allowed values and Spanish description. From it come
 * - the TypeScript type of the validated variables ({@link ConfigEnv}, hence `Config` in config.ts),
 * - the validation (Ajv in config.ts: coercion of the text to numbers and booleans, defaults),
 * - the Spanish error messages (config.ts `requirementOf`, one line per bad variable),
 * - the README table (cli/configTable.ts, checked by test/configTable.test.ts).
 *
 * Keywords of our own, beside the standard ones:
 * - `when`: the variable is read only when another variable has that value (otherwise ignored);
 * - `mandatory`: with `when`, the variable must then be given;
 * - `protocols`: a URL (WHATWG parser) with one of these protocols;
 * - `errorMessage`: the Spanish message when `pattern`/`minLength` fail; `{valor}` is the value given;
 * - `rule`: a check the schema cannot say, a small function of {@link CONFIG_RULES};
 * - `defaultText`: how the README shows a default computed at start (not a fixed value).
 */
import { isIP } from 'node:net';
import type { FromSchema } from '@portal/api-contract';

/** What a check of {@link CONFIG_RULES} sees: the variables given (trimmed, empty ones left out). */
export type GivenVariables = Readonly<Partial<Record<string, string>>>;

interface ConfigRule {
  /** The README's wording of the rule (the messages of `check` say the same, with the value). */
  readonly requirement: string;
  /** The Spanish detail of the error (after the variable's name), or undefined when the value is valid. */
  check(value: string, given: GivenVariables): string | undefined;
}

const PROXY_KEYWORDS = ['loopback', 'linklocal', 'uniquelocal'];

/** An IPv4/IPv6 address with an optional /prefix, checked with node:net. */
function isAddressOrCidr(value: string): boolean {
  const [address, prefix, extra] = value.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** The non-empty entries of a comma-separated list. */
export function listEntries(value: string): string[] {
  return value.split(',').map((entry) => entry.trim()).filter(Boolean);
}

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** The checks JSON Schema cannot say, named by the `rule` keyword of a variable. */
export const CONFIG_RULES = {
  /**
   * "false" or "0", a hop count ("1": one proxy in front, its X-Forwarded-For entry is the client),
   * or the proxies' addresses/CIDRs. "true" is refused: it would believe the leftmost
   * X-Forwarded-For entry, which any client writes itself.
   */
  trustProxy: {
    requirement: 'debe ser false, un número de proxies entre 0 y 10 o una lista de direcciones IP o rangos CIDR (también loopback, linklocal, uniquelocal); no admite "true"',
    check(value) {
      if (value === 'false') return undefined;
      if (value === 'true') {
        return 'no admite "true" (creería cualquier X-Forwarded-For que envíe un cliente): indique el número de proxies delante del servidor (por ejemplo 1) o sus direcciones (por ejemplo 10.0.0.0/8)';
      }
      if (/^\d+$/.test(value)) return Number(value) > 10 ? `debe ser un número de proxies entre 0 y 10 (recibido "${value}")` : undefined;
      const wrong = listEntries(value).find((entry) => !PROXY_KEYWORDS.includes(entry) && !isAddressOrCidr(entry));
      return wrong === undefined ? undefined : `debe ser false, un número de proxies o una lista de direcciones IP o rangos CIDR (recibido "${wrong}")`;
    },
  },
  addressList: {
    requirement: 'debe ser una lista de direcciones IP separadas por comas',
    check(value) {
      const wrong = listEntries(value).find((address) => !/^[0-9a-fA-F:.]+$/.test(address));
      return wrong === undefined ? undefined : `debe ser una lista de direcciones IP separadas por comas (recibido "${wrong}")`;
    },
  },
  /**
   * A URL the browser is sent to or loads a script from: https:// (http:// only for localhost
   * outside NODE_ENV=production), no credentials. The default may be a path of the portal itself.
   */
  browserUrl: {
    requirement: 'debe empezar por https:// (http:// solo con localhost fuera de producción) y no contener usuario ni contraseña',
    check(value, given) {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        return `debe ser una dirección https:// completa (recibido "${value}")`;
      }
      const local = url.protocol === 'http:' && LOCAL_HOSTS.includes(url.hostname) && given.NODE_ENV !== 'production';
      if (url.protocol !== 'https:' && !local) return `debe empezar por https:// (http:// solo con localhost fuera de producción; recibido "${value}")`;
      if (url.username !== '' || url.password !== '') return 'no debe contener usuario ni contraseña';
      return undefined;
    },
  },
  /**
   * The portal's own address as the browser sees it (PUBLIC_URL): an origin only, whose host is a
   * domain name, since it is the RP ID of the passkeys (WebAuthn refuses an IP address there).
   */
  publicUrl: {
    requirement: 'debe ser el origen del portal (`https://dominio`, sin ruta; http:// solo con localhost fuera de producción) con un nombre de dominio, no una dirección IP',
    check(value, given) {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        return `debe ser una dirección https:// completa (recibido "${value}")`;
      }
      if (isIP(url.hostname.replace(/^\[|\]$/g, '')) !== 0) return `debe usar un nombre de dominio, no una dirección IP: es el RP ID de las llaves de acceso (recibido "${value}")`;
      const local = url.protocol === 'http:' && url.hostname === 'localhost' && given.NODE_ENV !== 'production';
      if (url.protocol !== 'https:' && !local) return `debe empezar por https:// (http:// solo con localhost fuera de producción; recibido "${value}")`;
      if (url.username !== '' || url.password !== '') return 'no debe contener usuario ni contraseña';
      if (url.pathname !== '/' || url.search !== '' || url.hash !== '') return `debe ser solo el origen, sin ruta, consulta ni fragmento (recibido "${value}")`;
      return undefined;
    },
  },
} as const satisfies Record<string, ConfigRule>;

/** One environment variable, as this schema may describe it. */
interface VariableSchema {
  readonly type: 'string' | 'integer' | 'number' | 'boolean';
  readonly description: string;
  readonly default?: string | number | boolean;
  readonly enum?: readonly string[];
  readonly minimum?: number;
  readonly exclusiveMinimum?: number;
  readonly maximum?: number;
  readonly pattern?: string;
  readonly minLength?: number;
  readonly protocols?: readonly string[];
  readonly when?: Readonly<Record<string, string>>;
  readonly mandatory?: true;
  readonly errorMessage?: string;
  readonly rule?: keyof typeof CONFIG_RULES;
  readonly defaultText?: string;
}

const AGENCIES_HTTP = { AGENCIES: 'http' } as const;
const PAYMENTS_HTTP = { PAYMENTS: 'http' } as const;
const STORAGE_S3 = { DOCUMENT_STORAGE: 's3' } as const;

/**
 * Every environment variable the server reads, in the order of the README table (and of the
 * error lines). The descriptions are the README's text: Spanish, Markdown.
 */
export const configSchema = {
  type: 'object',
  properties: {
    PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 3000, description: 'puerto de escucha (API, `/docs` y la aplicación)' },
    HOST: { type: 'string', default: '0.0.0.0', description: 'dirección de escucha (`0.0.0.0`: todas las interfaces)' },
    PUBLIC_URL: {
      type: 'string',
      rule: 'publicUrl',
      defaultText: '`http://localhost:PORT`',
      description: 'dirección pública del portal tal como la abre el navegador (`https://portal.gob.do`): su origen y su dominio (RP ID) son los de las llaves de acceso (desbloqueo facial o con huella); una llave creada en un dominio solo sirve en ese dominio. Sin ella, `http://localhost` y el puerto, que solo sirve en la propia máquina',
    },
    DATA_DIR: {
      type: 'string',
      default: './data',
      description: 'carpeta de datos: base de datos embebida (`pglite/`) y documentos subidos (`uploads/`); solo para el dueño (0700/0600) y de un solo servidor a la vez. `memory://` deja la base en memoria (pruebas)',
    },
    DATABASE_URL: { type: 'string', protocols: ['postgres:', 'postgresql:'], description: '`postgres://…`: usa un servidor PostgreSQL en lugar de la base embebida' },
    DATABASE_SCHEMA: {
      type: 'string',
      pattern: '^[a-z_][a-z0-9_]{0,62}$',
      errorMessage: 'debe contener solo minúsculas, dígitos y "_" y no empezar por un dígito',
      description: 'esquema de PostgreSQL donde crear las tablas (se crea al arrancar)',
    },
    DATABASE_POOL_MAX: {
      type: 'integer',
      minimum: 1,
      maximum: 500,
      default: 10,
      description: 'conexiones de PostgreSQL de cada servidor como máximo; cada servidor abre una más para los avisos entre servidores: con N servidores, `max_connections` ≥ N × (`DATABASE_POOL_MAX` + 1) más las de administración',
    },
    AGENCIES: { type: 'string', enum: ['sandbox', 'http'], default: 'sandbox', description: '`sandbox` (registros simulados) o `http` (agencias reales: JCE, ONAPI, DGII, INAPA)' },
    AGENCY_BASE_URL: { type: 'string', protocols: ['http:', 'https:'], when: AGENCIES_HTTP, mandatory: true, description: 'dirección de la pasarela de las agencias' },
    AGENCY_API_KEY: { type: 'string', when: AGENCIES_HTTP, mandatory: true, description: 'clave de la pasarela de las agencias' },
    AGENCY_TIMEOUT_MS: { type: 'integer', minimum: 100, maximum: 120_000, default: 10_000, when: AGENCIES_HTTP, description: 'espera máxima de cada consulta a una agencia (ms)' },
    PAYMENTS: {
      type: 'string',
      enum: ['sandbox', 'http'],
      default: 'sandbox',
      description: '`sandbox` (procesador de tarjetas, página de pago y banco de prueba del propio portal) o `http` (pasarela y página de pago reales: [docs/payments.md](docs/payments.md))',
    },
    PAYMENT_GATEWAY_URL: {
      type: 'string',
      protocols: ['https:', 'http:'],
      when: PAYMENTS_HTTP,
      mandatory: true,
      description: 'pasarela de pagos del Estado: cobros con tarjeta y confirmaciones del banco',
    },
    PAYMENT_GATEWAY_KEY: { type: 'string', when: PAYMENTS_HTTP, mandatory: true, description: 'clave de la pasarela de pagos (cabecera `x-api-key`)' },
    PAYMENT_TIMEOUT_MS: { type: 'integer', minimum: 1_000, maximum: 120_000, default: 60_000, when: PAYMENTS_HTTP, description: 'espera máxima de cada llamada a la pasarela de pagos (ms)' },
    AZUL_PAGE_URL: {
      type: 'string',
      protocols: ['https:'],
      when: PAYMENTS_HTTP,
      mandatory: true,
      description: 'página de pago con tarjeta (Azul) de la Cámara de Comercio; su origen se añade a `form-action` de la CSP',
    },
    AZUL_MERCHANT_ID: { type: 'string', when: PAYMENTS_HTTP, mandatory: true, description: 'comercio en la página de pago' },
    AZUL_MERCHANT_NAME: { type: 'string', when: PAYMENTS_HTTP, mandatory: true, description: 'nombre del comercio en la página de pago' },
    AZUL_MERCHANT_TYPE: { type: 'string', default: 'Registro mercantil', when: PAYMENTS_HTTP, description: 'tipo de comercio en la página de pago' },
    AZUL_AUTH_KEY: {
      type: 'string',
      minLength: 16,
      errorMessage: 'debe tener al menos 16 caracteres',
      when: PAYMENTS_HTTP,
      mandatory: true,
      description: 'clave de la firma HMAC-SHA512 de la página de pago',
    },
    SESSION_TTL_HOURS: { type: 'number', exclusiveMinimum: 0, maximum: 24 * 365, default: 12, description: 'duración de una sesión, en horas (admite decimales: `1.5`)' },
    UPLOAD_DIR: {
      type: 'string',
      defaultText: '`DATA_DIR/uploads`',
      description: 'dónde se guardan los archivos con `DOCUMENT_STORAGE=local` (fuera de la carpeta servida); con `DATA_DIR=memory://`, una carpeta temporal',
    },
    DOCUMENT_STORAGE: {
      type: 'string',
      enum: ['local', 'postgres', 's3'],
      default: 'local',
      description: 'dónde se guardan los documentos subidos: `local` (la carpeta `UPLOAD_DIR`: un servidor, o varios sobre una carpeta de red común), `postgres` (en la propia base de datos: varios servidores sin nada más que operar; crece la base y sus copias) o `s3` (almacenamiento de objetos compatible con S3). Cambiarla no mueve los documentos: cópielos antes con `copyDocuments` ([docs/operations.md](docs/operations.md#almacenamiento-de-documentos))',
    },
    S3_ENDPOINT: {
      type: 'string',
      protocols: ['https:', 'http:'],
      when: STORAGE_S3,
      defaultText: '(AWS)',
      description: 'dirección del servicio compatible con S3 (`https://…`, MinIO, Ceph…); vacía: AWS, según la región',
    },
    S3_BUCKET: {
      type: 'string',
      pattern: '^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$',
      errorMessage: 'debe tener de 3 a 63 minúsculas, dígitos, puntos o guiones (recibido "{valor}")',
      when: STORAGE_S3,
      mandatory: true,
      description: 'cubo donde se guardan los documentos',
    },
    S3_REGION: {
      type: 'string',
      pattern: '^[a-z0-9-]{1,32}$',
      errorMessage: 'debe ser un nombre de región como us-east-1 (recibido "{valor}")',
      default: 'us-east-1',
      when: STORAGE_S3,
      description: 'región del servicio',
    },
    S3_ACCESS_KEY_ID: { type: 'string', when: STORAGE_S3, mandatory: true, description: 'identificador de la clave de acceso' },
    S3_SECRET_ACCESS_KEY: { type: 'string', when: STORAGE_S3, mandatory: true, description: 'clave secreta de acceso' },
    S3_FORCE_PATH_STYLE: {
      type: 'boolean',
      default: false,
      when: STORAGE_S3,
      description: '`true` pone el cubo en la ruta (`servicio/cubo/clave`), lo que piden MinIO y la mayoría de los servicios propios',
    },
    S3_PREFIX: {
      type: 'string',
      // Segments separated by "/", at most 200 characters once the final "/" is added (so 199
      // without it): the lookahead keeps that limit on the value as given.
      pattern: "^(?=.{0,199}$|.{0,199}/$)(?:[A-Za-z0-9!_.*'()-]+/)*[A-Za-z0-9!_.*'()-]*$",
      errorMessage: 'debe ser una ruta de hasta 200 letras, dígitos y los signos ! _ . * \' ( ) - separados por "/", sin "/" al principio (recibido "{valor}")',
      default: '',
      when: STORAGE_S3,
      description: 'antecede a cada clave (`produccion/documentos`, se le añade la `/` final), para compartir un cubo entre entornos',
    },
    UPLOAD_QUOTA_BYTES: {
      type: 'integer',
      minimum: 1,
      maximum: 1024 ** 4,
      default: 524_288_000,
      description: 'espacio (bytes; por defecto 500 MB) de los documentos de cada ciudadano; al alcanzarlo, subir otro responde 413',
    },
    UPLOAD_QUOTA_FILES: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 200, description: 'número de documentos de cada ciudadano; al alcanzarlo, subir otro responde 413' },
    DISK_MIN_FREE_MB: {
      type: 'integer',
      minimum: 0,
      maximum: 1_048_576,
      default: 100,
      description: 'espacio libre mínimo (MB) de las carpetas donde escribe el servidor: la de datos con la base embebida, la de subidas en curso (`DATA_DIR/staging`) y `UPLOAD_DIR` con `DOCUMENT_STORAGE=local`. Por debajo, subir un documento o guardar un borrador responde 507 sin escribir nada y `/health/ready` responde 503 (`storage: lleno`) hasta que vuelva a haber espacio. `0` no lo comprueba ([docs/operations.md](docs/operations.md#disco-lleno))',
    },
    STATIC_DIR: { type: 'string', default: 'dist/app', description: 'la aplicación compilada' },
    TRUST_PROXY: {
      type: 'string',
      rule: 'trustProxy',
      default: 'false',
      description: 'qué proxies pueden fijar `X-Forwarded-For`/`-Proto`: `false` (ninguno), un número de proxies delante del servidor (`1`) o sus direcciones y rangos (`10.0.0.1,192.168.0.0/16`, también `loopback`). **Decide la dirección del cliente con la que cuentan todos los límites** (inicio de sesión, registro, consultas) y la cookie `Secure`. `true` se rechaza: creería el `X-Forwarded-For` que escribe cualquier cliente',
    },
    SECRET_KEY: {
      type: 'string',
      minLength: 32,
      errorMessage: 'debe tener al menos 32 caracteres (por ejemplo, la salida de `openssl rand -hex 32`)',
      defaultText: '(generada)',
      description: 'clave de los HMAC de los códigos enviados por correo; sin ella, la base embebida guarda una generada en `DATA_DIR/secret.key` (solo el dueño puede leerla). Con `DATABASE_URL` y varios servidores, defina la misma en todos',
    },
    RATE_LIMIT_ALLOWLIST: { type: 'string', rule: 'addressList', description: 'IP exentas de los límites por ruta (monitores, pruebas de carga)' },
    REDIS_URL: {
      type: 'string',
      protocols: ['redis:', 'rediss:'],
      description: '`redis://[:clave@]servidor:6379[/base]` o `rediss://…`: los límites por dirección (y por cuenta en las consultas) se cuentan en ese Redis, compartidos por todos los servidores; sin ella, cada proceso cuenta en su memoria (basta con un solo servidor). Si Redis no responde, cada servidor vuelve a contar en su memoria y lo advierte en el registro ([docs/operations.md](docs/operations.md#límites-compartidos-entre-servidores-redis))',
    },
    REDIS_PREFIX: {
      type: 'string',
      pattern: '^[A-Za-z0-9_.:-]{1,64}$',
      errorMessage: 'debe tener de 1 a 64 letras, dígitos o los signos _ . : - (recibido "{valor}")',
      default: 'portal:',
      description: 'antecede a cada clave en Redis, para compartir un Redis entre entornos',
    },
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: {
      type: 'integer',
      minimum: 0,
      maximum: 60_000,
      default: 1000,
      description: 'retraso medio del bucle de eventos (ms) a partir del cual el servidor responde 503 con `Retry-After` en lugar de tardar; `0` lo desactiva (`/health/*` sigue respondiendo)',
    },
    HTTP_HEADERS_TIMEOUT_MS: {
      type: 'integer',
      minimum: 1000,
      maximum: 600_000,
      default: 20_000,
      description: 'tiempo máximo (ms) para recibir la línea y los encabezados de una solicitud; pasado, el servidor responde 408 y cierra la conexión (no mayor que `HTTP_REQUEST_TIMEOUT_MS`)',
    },
    HTTP_BODY_TIMEOUT_MS: {
      type: 'integer',
      minimum: 1000,
      maximum: 3_600_000,
      default: 60_000,
      description: 'tiempo máximo (ms) para recibir el cuerpo de una solicitud que no es una subida (JSON, formularios: 1 MB como máximo, ~33 s a 256 kbit/s); pasado, 408 y se cierra la conexión. Las subidas (`multipart/form-data`) tienen `HTTP_REQUEST_TIMEOUT_MS`',
    },
    HTTP_REQUEST_TIMEOUT_MS: {
      type: 'integer',
      minimum: 1000,
      maximum: 7_200_000,
      default: 1_800_000,
      description: 'tiempo máximo (ms) para recibir una solicitud entera, también una subida: por defecto 30 minutos, lo que tarda un documento de 50 MB a 256 kbit/s (~27 min) desde un teléfono lento; pasado, 408 y se cierra la conexión',
    },
    HTTP_IDLE_TIMEOUT_MS: {
      type: 'integer',
      minimum: 1000,
      maximum: 3_600_000,
      default: 150_000,
      description: 'silencio máximo (ms) de una conexión (nada recibido ni enviado) antes de cerrarla; debe superar `AGENCY_TIMEOUT_MS` y `PAYMENT_TIMEOUT_MS`, porque mientras el servidor espera a una agencia la conexión calla',
    },
    HTTP_KEEP_ALIVE_TIMEOUT_MS: {
      type: 'integer',
      minimum: 1000,
      maximum: 600_000,
      default: 72_000,
      description: 'cuánto (ms) se mantiene abierta una conexión sin solicitudes entre una y la siguiente (*keep-alive*); mayor que la espera de conexiones ociosas del balanceador, para que nunca las cierre el servidor mientras el balanceador envía por ellas',
    },
    METRICS_TOKEN: {
      type: 'string',
      pattern: '^[\\x21-\\x7e]{16,256}$',
      errorMessage: 'debe tener de 16 a 256 caracteres visibles, sin espacios',
      description: 'token que abre `GET /metrics` con `Authorization: Bearer …`; sin él `/metrics` responde 404',
    },
    SMTP_URL: {
      type: 'string',
      protocols: ['smtp:', 'smtps:'],
      description: '`smtp://usuario:clave@servidor:587` o `smtps://…`: entrega el correo (códigos de registro y de contraseña); sin ella, cada mensaje se escribe en el registro (log) del servidor, que solo ve quien lo opera. Ninguna ruta HTTP muestra el correo, y el texto de un mensaje se borra de la base una vez entregado',
    },
    MAIL_FROM: { type: 'string', default: 'Portal ciudadano <no-responder@portal.gob.do>', description: 'remitente de los correos' },
    MAX_OPEN_DRAFTS: {
      type: 'integer',
      minimum: 1,
      maximum: 1000,
      default: 10,
      description: 'borradores abiertos que puede tener un ciudadano; con más, crear otro responde 429 hasta que elimine alguno ("Eliminar borrador" en la portada, o `DELETE /v1/portals/formalizaciones/{id}`)',
    },
    ANALYTICS: {
      type: 'string',
      enum: ['propio', 'ninguno'],
      default: 'propio',
      description: 'visitas a las páginas: `propio` guarda en nuestra base solo la ruta (sin consulta ni datos personales) y la hora de cada cambio de página, para contar visitas; `ninguno` no guarda nada (la ruta responde 204 igual)',
    },
    HEADER_SCRIPT_URL: {
      type: 'string',
      rule: 'browserUrl',
      description: 'script externo que dibuja el encabezado de la página (`https://…`); su origen se añade a `script-src` de la CSP. Vacía: el encabezado propio del portal',
    },
    SURVEY_URL: {
      type: 'string',
      rule: 'browserUrl',
      default: '/encuesta',
      description: 'encuesta del aviso «Mejoremos juntos» (`https://…`); por defecto una página provisional del propio portal, hasta tener la encuesta real',
    },
    REGISTRO_UNICO_URL: {
      type: 'string',
      rule: 'browserUrl',
      default: '/registro-unico',
      description: 'alta en el registro único: el enlace de Inicio y el botón «REGISTRATE» (`https://…`); por defecto una página provisional del propio portal, hasta conocer la dirección real',
    },
    LOG_LEVEL: {
      type: 'string',
      enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      default: 'info',
      description: 'detalle del registro (log) del servidor',
    },
    NODE_ENV: {
      type: 'string',
      description: 'con `production`, `HEADER_SCRIPT_URL`, `SURVEY_URL` y `REGISTRO_UNICO_URL` no admiten `http://localhost`',
    },
  },
} as const satisfies { type: 'object'; properties: Record<string, VariableSchema> };

type Variables = typeof configSchema.properties;

/** The name of an environment variable of the schema. */
export type ConfigVariable = keyof Variables;

/** The schema of one variable, widened to every keyword the schema may use. */
export function variableSchema(name: ConfigVariable): VariableSchema {
  return configSchema.properties[name];
}

/** The variables in the schema's order. */
export const CONFIG_VARIABLES = Object.keys(configSchema.properties) as ConfigVariable[];

/**
 * The validated variables: each one's type from its schema (FromSchema: enum → its values,
 * integer → number...); a variable with a default is always there, one without may be undefined.
 */
export type ConfigEnv = {
  -readonly [K in ConfigVariable]: Variables[K] extends { readonly default: unknown } ? FromSchema<Variables[K]> : FromSchema<Variables[K]> | undefined;
};
