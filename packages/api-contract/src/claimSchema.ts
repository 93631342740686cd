/**
 * Claims (issue 12 §2): the one definition of a claim's statuses and of what
 * moves it from one to another, and the shapes of the claim routes' answers.
 * The database's copy is written from here at every start
 * (packages/server/src/db/syncStatusConstraints.ts): the CHECK of
 * `claims.status`, its default, and the trigger that refuses any change of
 * status CLAIM_EVENTS does not allow. Code names a status through
 * CLAIM_STATUS, never as a bare string; packages/server/test/claims.test.ts
 * and statusDefinitions.test.ts compare the database and the sources with
 * this file.
 */
import { nextStatusIn, type StatusEventRule } from './statusMachine';

/** In the order a claim goes through them. */
export const CLAIM_STATUSES = ['abierto', 'en_proceso', 'respondido', 'cerrado'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** Each status by its name, for code that means one of them (`CLAIM_STATUS.cerrado`, checked by the compiler). */
export const CLAIM_STATUS = Object.fromEntries(CLAIM_STATUSES.map((s) => [s, s])) as { readonly [S in ClaimStatus]: S };

/** A new claim's status (the column's default). */
export const CLAIM_INITIAL_STATUS: ClaimStatus = CLAIM_STATUS.abierto;

/** What the citizen and the staff read for each status. */
export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  abierto: 'Abierto',
  en_proceso: 'En proceso',
  respondido: 'Respondido',
  cerrado: 'Cerrado',
};

/** Who writes in a claim's thread or moves its status. */
export type ClaimActor = 'ciudadano' | 'institucion';

export interface ClaimEventRule extends StatusEventRule<ClaimStatus> {
  readonly by: ClaimActor;
  /** Set directly by staff (POST /v1/backoffice/claims/{id}/status); else it follows a comment. */
  readonly direct: boolean;
}

/** Every event of a claim. A new claim starts in CLAIM_INITIAL_STATUS. */
export const CLAIM_EVENTS = {
  /** Staff take the claim in hand. */
  tomar: { from: ['abierto'], to: 'en_proceso', by: 'institucion', direct: true },
  /** Staff answer in the thread (POST /v1/backoffice/claims/{id}/comments). */
  responder: { from: ['abierto', 'en_proceso', 'respondido'], to: 'respondido', by: 'institucion', direct: false },
  /** The citizen writes again after an answer: the claim is back in the institution's hands. */
  replicar: { from: ['respondido'], to: 'en_proceso', by: 'ciudadano', direct: false },
  /** Staff close the claim; nobody writes in it any more. */
  cerrar: { from: ['abierto', 'en_proceso', 'respondido'], to: 'cerrado', by: 'institucion', direct: true },
} as const satisfies Record<string, ClaimEventRule>;

export type ClaimEvent = keyof typeof CLAIM_EVENTS;
export const CLAIM_EVENT_NAMES = Object.keys(CLAIM_EVENTS) as ClaimEvent[];

/** The status `event` leads to from `status`, or null when it is not allowed there. */
export function nextClaimStatus(status: ClaimStatus, event: ClaimEvent): ClaimStatus | null {
  return nextStatusIn<ClaimStatus, ClaimEvent>(CLAIM_EVENTS, status, event);
}

/** Every (from, to) pair with from ≠ to some event allows: what the database's trigger accepts. */
export function allowedClaimTransitions(): Array<{ from: ClaimStatus; to: ClaimStatus }> {
  const pairs = new Map<string, { from: ClaimStatus; to: ClaimStatus }>();
  for (const event of CLAIM_EVENT_NAMES) {
    const rule: ClaimEventRule = CLAIM_EVENTS[event];
    for (const from of rule.from) if (from !== rule.to) pairs.set(`${from}>${rule.to}`, { from, to: rule.to });
  }
  return [...pairs.values()];
}

/** The statuses staff may set directly on a claim in `status` (what the back office offers). */
export function directClaimStatuses(status: ClaimStatus): ClaimStatus[] {
  return CLAIM_EVENT_NAMES.flatMap((event) => {
    const rule: ClaimEventRule = CLAIM_EVENTS[event];
    return rule.direct && rule.from.includes(status) ? [rule.to] : [];
  });
}

/** Whether the thread still takes comments (a closed claim does not). */
export function claimIsOpen(status: ClaimStatus): boolean {
  return status !== CLAIM_STATUS.cerrado;
}

/** The 409 of a status staff may not set on a claim in `status`. */
export function illegalClaimStatusMessage(status: ClaimStatus, wanted: ClaimStatus): string {
  const allowed = directClaimStatuses(status);
  const options = allowed.length ? ` Desde aquí solo puede pasar a ${allowed.map((s) => `«${CLAIM_STATUS_LABELS[s]}»`).join(' o ')}.` : '';
  return `No se puede cambiar el reclamo de «${CLAIM_STATUS_LABELS[status]}» a «${CLAIM_STATUS_LABELS[wanted]}».${options}`;
}

/** The 409 of a comment on a closed claim. */
export const CLAIM_CLOSED_MESSAGE = 'Este reclamo está cerrado: ya no admite comentarios';

/** Description of a claim: length in characters (after trimming). */
export const CLAIM_DESCRIPTION_MIN = 10;
export const CLAIM_DESCRIPTION_MAX = 2000;
/** A comment in a claim's thread. */
export const CLAIM_COMMENT_MAX = 2000;

/** A claim type (GET /v1/issues). */
export const claimIssueSchema = {
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' }, description: { type: 'string' } },
  required: ['id', 'name', 'description'],
} as const;

export const claimIssueListSchema = {
  type: 'object',
  properties: { data: { type: 'array', items: claimIssueSchema } },
  required: ['data'],
} as const;

/** One of the citizen's claims. */
export const claimSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    issue: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } }, required: ['id', 'name'] },
    /** What the claim is about. */
    subject: {
      type: 'object',
      properties: {
        kind: { type: 'string', enum: ['solicitud', 'servicio'] },
        request_id: { type: ['integer', 'null'] },
        request_code: { type: ['string', 'null'] },
        service_slug: { type: ['string', 'null'] },
        label: { type: 'string', description: 'El código de la solicitud o el nombre del servicio' },
      },
      required: ['kind', 'request_id', 'request_code', 'service_slug', 'label'],
    },
    institution: { type: 'string', description: 'Sigla de la institución que responde' },
    institution_name: { type: 'string' },
    description: { type: 'string' },
    document: {
      type: ['object', 'null'],
      properties: { id: { type: 'integer' }, name: { type: 'string' }, extension: { type: 'string' }, route: { type: 'string' } },
      required: ['id', 'name', 'extension', 'route'],
    },
    status: { type: 'string', enum: CLAIM_STATUSES },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
    unread_comments: { type: 'integer', description: 'Respuestas de la institución sin leer' },
  },
  required: ['id', 'issue', 'subject', 'institution', 'institution_name', 'description', 'document', 'status', 'created_at', 'updated_at', 'unread_comments'],
} as const;

export const claimListSchema = {
  type: 'object',
  properties: { data: { type: 'array', items: claimSchema } },
  required: ['data'],
} as const;

/** A comment of a claim's thread as the citizen reads it (never who of the staff wrote it). */
export const claimCommentSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    author: { type: 'string', enum: ['ciudadano', 'institucion'] },
    content: { type: 'string' },
    created_at: { type: 'string' },
    read: { type: 'boolean', description: 'Leído por la otra parte' },
  },
  required: ['id', 'author', 'content', 'created_at', 'read'],
} as const;

/** GET /v1/portals/claim-comment: the claim and its thread. */
export const claimThreadSchema = {
  type: 'object',
  properties: {
    data: {
      type: 'object',
      properties: { claim: claimSchema, comments: { type: 'array', items: claimCommentSchema } },
      required: ['claim', 'comments'],
    },
  },
  required: ['data'],
} as const;

/** A comment as the back office reads it: with the staff member who wrote it. */
export const staffClaimCommentSchema = {
  type: 'object',
  properties: { ...claimCommentSchema.properties, staff_name: { type: ['string', 'null'] } },
  required: [...claimCommentSchema.required, 'staff_name'],
} as const;

/** A claim as the back office reads it: with the citizen's name (never their cédula). */
export const staffClaimSchema = {
  type: 'object',
  properties: {
    ...claimSchema.properties,
    citizen_name: { type: 'string' },
    unread_comments: { type: 'integer', description: 'Comentarios del ciudadano sin leer por la institución' },
    allowed_statuses: { type: 'array', items: { type: 'string', enum: CLAIM_STATUSES }, description: 'Estados que el personal puede poner ahora' },
  },
  required: [...claimSchema.required, 'citizen_name', 'allowed_statuses'],
} as const;

export const staffClaimListSchema = {
  type: 'object',
  properties: {
    data: { type: 'array', items: staffClaimSchema },
    counts: {
      type: 'object',
      properties: Object.fromEntries(CLAIM_STATUSES.map((s) => [s, { type: 'integer' }])) as Record<ClaimStatus, { type: 'integer' }>,
      required: CLAIM_STATUSES,
    },
  },
  required: ['data', 'counts'],
} as const;

export const staffClaimDetailSchema = {
  type: 'object',
  properties: {
    data: {
      type: 'object',
      properties: { claim: staffClaimSchema, comments: { type: 'array', items: staffClaimCommentSchema } },
      required: ['claim', 'comments'],
    },
  },
  required: ['data'],
} as const;
