/**
 * The API contract: the JSON schemas (as const) of what the app reads from the
 * server, imported by the server's routes (validation, serialization, OpenAPI)
 * and by the app (types only), so the two cannot drift apart.
 */
import type { FromSchema } from './fromSchema';
import type { applicationSchema } from './applicationSchema';
import type { citizenSchema, loginResponseSchema } from './citizenSchema';
import type { documentSchema } from './documentSchema';
import type { errorSchema } from './errorSchema';
import type { errorReportCreatedSchema, shellConfigSchema } from './portalShellSchemas';
import type { emailConfirmSchema, profileSchema, profileUpdateSchema } from './profileSchema';
import type { interestLinkSchema, notificationPageSchema, notificationReadSchema, notificationSchema } from './notificationSchema';
import type { requestItemSchema, requestSchema } from './requestSchema';

export type { FromSchema } from './fromSchema';
export { APPLICATION_STATUSES, applicationSchema } from './applicationSchema';
export { citizenSchema, loginResponseSchema } from './citizenSchema';
export { documentSchema } from './documentSchema';
export { errorSchema } from './errorSchema';
export { errorReportCreatedSchema, shellConfigSchema } from './portalShellSchemas';
export { emailConfirmSchema, profileAnswerSchema, profileSchema, profileUpdateSchema } from './profileSchema';
export { interestLinkSchema, interestLinksSchema, notificationPageSchema, notificationReadSchema, notificationSchema } from './notificationSchema';
export { requestItemSchema, requestSchema } from './requestSchema';

/** A formalization application (draft or submitted). */
export type Application = FromSchema<typeof applicationSchema>;
export type ApplicationStatus = Application['status'];
/** The signed-in citizen. */
export type Citizen = FromSchema<typeof citizenSchema>;
/** The answer of POST /v1/portals/auth/citizens/login. */
export type LoginResponse = FromSchema<typeof loginResponseSchema>;
/** A stored document of the citizen. */
export type StoredDocumentItem = FromSchema<typeof documentSchema>;
/** The body of an error answer. */
export type ErrorBody = FromSchema<typeof errorSchema>;
/** A submitted request with its payments. */
export type CitizenRequest = FromSchema<typeof requestSchema>;
export type RequestItem = FromSchema<typeof requestItemSchema>;
/** The browser's settings for the portal shell (header script, survey, single registration, analytics). */
export type ShellConfig = FromSchema<typeof shellConfigSchema>;
/** A stored problem report: the thanks message and its reference. */
export type ErrorReportCreated = FromSchema<typeof errorReportCreatedSchema>;
/** The citizen's profile: identity (the JCE's), contact and address. */
export type CitizenProfile = FromSchema<typeof profileSchema>;
/** Answer of a profile update. */
export type ProfileUpdated = FromSchema<typeof profileUpdateSchema>;
/** Answer of confirming a new e-mail. */
export type EmailConfirmed = FromSchema<typeof emailConfirmSchema>;
/** One of the citizen's notifications. */
export type CitizenNotification = FromSchema<typeof notificationSchema>;
/** A page of notifications with the unread count. */
export type NotificationPage = FromSchema<typeof notificationPageSchema>;
/** Answer of marking notifications read. */
export type NotificationRead = FromSchema<typeof notificationReadSchema>;
/** An official link of interest. */
export type InterestLink = FromSchema<typeof interestLinkSchema>;
