/**
 * The one way a citizen is told that something happened to them: a row in
 * `notifications` (the header bell and the Notificaciones page) and an e-mail
 * in the outbox, written together. Every event calls this: today a submitted
 * application (routes/applications/applicationRoutes.ts); later a status
 * change, a comment from the institution, an action required and a confirmed
 * payment (their kinds are already allowed by migration 014).
 */
import { FORMALIZATION_FORM } from '@portal/api-contract';
import type { Queryable } from '../../db/Db';
import { queueMail } from '../mail/queueMail';

/** What happened: one of the kinds the notifications table allows. */
export type NotificationKind = 'solicitud_enviada' | 'cambio_estado' | 'comentario' | 'accion_requerida' | 'pago_confirmado' | 'pago_rechazado';

export interface NewNotification {
  citizenId: number;
  kind: NotificationKind;
  /** Short Spanish title, shown in bold in the list and used as the e-mail's subject. */
  title: string;
  /** One or two Spanish sentences; also the e-mail's body. */
  text: string;
  /** Local path of the app where the subject is seen (e.g. /formalizacion/12/confirmacion). */
  link: string;
}

/** A local path: starts with one '/', no scheme, no second slash or backslash (never another site). */
export function isLocalLink(link: string): boolean {
  return /^\/(?![/\\])[^\s]*$/.test(link);
}

/**
 * Records the notification and queues its e-mail on `tx`, normally the
 * transaction of the event itself (an event never happens without its
 * notification, nor the reverse). The caller runs `app.kickMail()` once the
 * transaction has committed. Returns the notification's id.
 */
export async function notifyCitizen(tx: Queryable, notification: NewNotification): Promise<number> {
  const { citizenId, kind, title, text, link } = notification;
  if (!isLocalLink(link)) throw new Error(`notifyCitizen: link must be a local path, got ${link}`);
  const { rows } = await tx.query<{ id: number; email: string; nombres: string }>(
    `WITH added AS (
       INSERT INTO notifications (citizen_id, kind, title, text, link) VALUES ($1, $2, $3, $4, $5) RETURNING id, citizen_id
     )
     SELECT added.id, citizens.email, citizens.nombres FROM added JOIN citizens ON citizens.id = added.citizen_id`,
    [citizenId, kind, title, text, link],
  );
  const row = rows[0];
  if (!row) throw new Error(`notifyCitizen: citizen ${citizenId} does not exist`);
  await queueMail(tx, {
    to: row.email,
    subject: title,
    body:
      `Hola ${row.nombres}:\n\n${text}\n\n` +
      'Puede verlo al iniciar sesión en el Portal Ciudadano, en «Notificaciones».\n' +
      'Este es un mensaje automático; no responda a este correo.',
  });
  return row.id;
}

/** The notification of a submitted application (kind solicitud_enviada), linking to its confirmation page. */
export function submittedNotification(citizenId: number, applicationId: number, requestCode: string, serviceName: string, form: string): NewNotification {
  const formalization = form === FORMALIZATION_FORM;
  return {
    citizenId,
    kind: 'solicitud_enviada',
    title: `Solicitud ${requestCode} enviada`,
    text: formalization
      ? `Recibimos su solicitud de formalización ${requestCode}. Le avisaremos aquí y por correo cuando cambie su estado.`
      : `Recibimos su solicitud ${requestCode} (${serviceName}). Le avisaremos aquí y por correo cuando cambie su estado.`,
    // The confirmation page of the request (the app's addresses: /formalizacion/{id}, /en-linea/{form}/{id}).
    link: formalization ? `/formalizacion/${applicationId}/confirmacion` : `/en-linea/${form}/${applicationId}/confirmacion`,
  };
}
