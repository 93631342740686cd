import type { FastifyError, FastifyInstance } from 'fastify';
import { AgencyUnavailableError } from '../agencies/types';
import { CHANGES_NOT_SAVED, DOCUMENTS_NOT_STORED, isDiskFull } from '../services/storage/diskSpace';
import { HttpError } from './HttpError';
import { toFieldErrors } from './toFieldErrors';

export const UNAUTHENTICATED = 'Unauthenticated.';
export const TOO_MANY_ATTEMPTS = 'Demasiados intentos, intente más tarde';
export const FILE_TOO_LARGE = 'El archivo excede el tamaño máximo de 50 MB';

/** The Spanish message of each 4xx status without a more precise one (also the 408 of http/httpTimeouts.ts). */
export const STATUS_MESSAGES: Record<number, string> = {
  400: 'Solicitud inválida',
  401: UNAUTHENTICATED,
  403: 'No autorizado',
  404: 'Recurso no encontrado',
  405: 'Método no permitido',
  406: 'Formato no aceptable',
  408: 'La solicitud tardó demasiado',
  411: 'Falta la longitud del contenido',
  413: 'La solicitud es demasiado grande',
  414: 'La dirección es demasiado larga',
  415: 'Tipo de contenido no soportado',
  429: TOO_MANY_ATTEMPTS,
  431: 'Encabezados demasiado grandes',
};

/** Errors of Fastify and its plugins that deserve a precise Spanish message (and status). */
const CODE_MESSAGES: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'El cuerpo de la solicitud no es un JSON válido'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'El cuerpo de la solicitud está vacío'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'La solicitud es demasiado grande'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Tipo de contenido no soportado'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Longitud de contenido inválida'],
  FST_REQ_FILE_TOO_LARGE: [413, FILE_TOO_LARGE],
  FST_FILES_LIMIT: [413, 'Solo se permite un archivo por solicitud'],
  FST_PARTS_LIMIT: [413, 'Demasiados campos en el formulario'],
  FST_FIELDS_LIMIT: [413, 'Demasiados campos en el formulario'],
  FST_PROTO_VIOLATION: [400, 'Formulario inválido'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'Se esperaba un formulario multipart'],
  FST_ERR_BAD_URL: [400, 'Dirección inválida'],
};

/**
 * Spanish error answers for the whole app: `{ message, errors? }`; validation
 * problems are 400 "Datos inválidos"; bad input of any shape is a 4xx; a 5xx
 * never shows details or a stack trace.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    }
    if (error.validation) {
      const errors = toFieldErrors(error.validation, error.validationContext ?? 'body');
      return reply.code(400).send({ message: 'Datos inválidos', errors });
    }
    if (error instanceof AgencyUnavailableError) {
      request.log.warn({ err: error }, 'agency unavailable');
      return reply.code(502).send({ message: 'Servicio externo no disponible, intente más tarde' });
    }
    // A full disk (ENOSPC, PostgreSQL's 53100): 507, whatever wrote; uploads and stores leave nothing half-written (services/storage/diskSpace.ts).
    if (isDiskFull(error)) {
      request.log.error({ err: error }, 'disk full');
      return reply.code(507).send({ message: request.isMultipart() ? DOCUMENTS_NOT_STORED : CHANGES_NOT_SAVED });
    }
    const known = error.code ? CODE_MESSAGES[error.code] : undefined;
    if (known) return reply.code(known[0]).send({ message: known[1] });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.code(status).send({ message: STATUS_MESSAGES[status] ?? 'Solicitud inválida' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'Error interno del servidor' });
  });
}
