/** The citizen's profile (GET /v1/portals/citizen-profile/profile) and the answers of its update and e-mail confirmation. */

const nullableText = { type: ['string', 'null'] } as const;
const nullableId = { type: ['integer', 'null'] } as const;

/** Identity (the JCE's, read-only), contact and address, with the names of the chosen places. */
export const profileSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer', description: 'Id del perfil: el que va en POST /citizen-profile/{id}/update' },
    cedula: { type: 'string' },
    nombres: { type: 'string' },
    apellidos: { type: 'string' },
    correo_electronico: { type: 'string' },
    telefono: nullableText,
    celular: nullableText,
    provincia: nullableId,
    municipio: nullableId,
    sector: nullableId,
    calle: nullableText,
    numero_de_casa_o_apartamento: nullableText,
    provincia_nombre: nullableText,
    municipio_nombre: nullableText,
    sector_nombre: nullableText,
    correo_pendiente: { type: ['string', 'null'], description: 'Correo nuevo que espera su código de confirmación' },
  },
  required: [
    'id', 'cedula', 'nombres', 'apellidos', 'correo_electronico', 'telefono', 'celular', 'provincia', 'municipio', 'sector',
    'calle', 'numero_de_casa_o_apartamento', 'provincia_nombre', 'municipio_nombre', 'sector_nombre', 'correo_pendiente',
  ],
} as const;

/** GET profile: `{ data }`. */
export const profileAnswerSchema = {
  type: 'object',
  properties: { data: profileSchema },
  required: ['data'],
} as const;

/** POST update: the saved profile; `email_change_pending` when a code went to a new address. */
export const profileUpdateSchema = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    data: profileSchema,
    email_change_pending: { type: 'boolean', description: 'true: el correo nuevo se aplica al confirmar el código enviado a esa dirección' },
  },
  required: ['message', 'data', 'email_change_pending'],
} as const;

/** POST email/confirm: the profile with its new e-mail. */
export const emailConfirmSchema = {
  type: 'object',
  properties: { message: { type: 'string' }, data: profileSchema },
  required: ['message', 'data'],
} as const;
