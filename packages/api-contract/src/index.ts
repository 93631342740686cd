/**
 * The API contract: the JSON schemas (as const) of what the app reads from the
 * server, imported by the server's routes (validation, serialization, OpenAPI)
 * and by the app (types only), so the two cannot drift apart.
 */
import type { FromSchema } from './fromSchema';
import type { applicationSchema } from './applicationSchema';
import type { formVersionListSchema, formVersionSchema, publishedFormListSchema } from './formVersionSchema';
import type {
  areaServiceCountsSchema,
  classifiedServicesSchema,
  institutionListSchema,
  portalStatisticsSchema,
  provinceListSchema,
  puntoGobDetailSchema,
  puntoGobListSchema,
  serviceDetailSchema,
  servicePageSchema,
  serviceSummarySchema,
} from './catalogueSchema';
import type { citizenSchema, loginResponseSchema, registrationConfirmAnswerSchema } from './citizenSchema';
import type { documentSchema } from './documentSchema';
import type { errorSchema } from './errorSchema';
import type { errorReportCreatedSchema, shellConfigSchema } from './portalShellSchemas';
import type { emailConfirmSchema, profileSchema, profileUpdateSchema } from './profileSchema';
import type { interestLinkSchema, notificationPageSchema, notificationReadSchema, notificationSchema } from './notificationSchema';
import type { formPreviewSchema } from './previewSchema';
import type {
  requestAttachmentSchema,
  requestCommentSchema,
  requestDetailSchema,
  requestItemSchema,
  requestRatingSchema,
  requestSchema,
  requestStatusChangeSchema,
  requestTimelineEntrySchema,
} from './requestSchema';
import type { serviceSuggestedSchema } from './suggestionSchema';
import type {
  cardPageOutcomeSchema,
  chargeExtraSchema,
  paymentItemSchema,
  paymentResultSchema,
  paymentViewSchema,
  priceSchema,
  signedCardPageFormSchema,
  variationSchema,
  variationSelectAnswerSchema,
} from './paymentSchema';
import type { paymentReviewRowSchema } from './paymentReviewSchema';
import type { staffLoginResponseSchema, staffMemberSchema, staffSchema, staffSessionResponseSchema } from './staffSchema';
import type {
  claimCommentSchema,
  claimIssueSchema,
  claimSchema,
  claimThreadSchema,
  staffClaimCommentSchema,
  staffClaimDetailSchema,
  staffClaimListSchema,
  staffClaimSchema,
} from './claimSchema';
import type {
  auditPageSchema,
  auditRowSchema,
  auditStaffMemberSchema,
  errorReportPageSchema,
  queuePageSchema,
  queueRowSchema,
  staffCommentSchema,
  staffDocumentSchema,
  staffRequestSchema,
  staffTimelineEntrySchema,
  suggestionPageSchema,
} from './backofficeSchema';
import type {
  cardPageHashBodySchema,
  cardPageReturnBodySchema,
  claimCommentBodySchema,
  claimFormSchema,
  depositReceiptBodySchema,
  dgiiProofBodySchema,
  draftCreateBodySchema,
  draftSaveBodySchema,
  emailConfirmBodySchema,
  emailUndoBodySchema,
  errorReportBodySchema,
  loginBodySchema,
  notificationMakeReadBodySchema,
  onapiCardPaymentBodySchema,
  pageViewBodySchema,
  passwordChangeBodySchema,
  passwordCheckAnswerSchema,
  passwordCheckBodySchema,
  passwordResetBodySchema,
  passwordResetLinkBodySchema,
  paymentCodeRenewalBodySchema,
  paymentRefusalBodySchema,
  registrationAnswerSchema,
  registrationBodySchema,
  registrationConfirmBodySchema,
  registrationResendBodySchema,
  requestCommentBodySchema,
  requestConfirmationBodySchema,
  requestRatingBodySchema,
  serviceSuggestionBodySchema,
  siritePaymentBodySchema,
  staffClaimCommentBodySchema,
  staffClaimStatusBodySchema,
  staffCommentBodySchema,
  staffEventBodySchema,
  staffEnrolmentBodySchema,
  staffLoginBodySchema,
  staffPasskeyOptionsBodySchema,
  staffSecondFactorBodySchema,
  variationSelectBodySchema,
  formPublishBodySchema,
} from './bodySchemas';

export type { FromSchema } from './fromSchema';
export { APPLICATION_STATUSES, applicationSchema } from './applicationSchema';
export { FORMALIZATION_FORM } from './forms';
export { formVersionListSchema, formVersionSchema, publishedFormListSchema } from './formVersionSchema';
export { formPreviewSchema, previewFieldSchema } from './previewSchema';
export {
  areaServiceCountsSchema,
  catalogueAreaSchema,
  catalogueInstitutionSchema,
  catalogueProvinceSchema,
  classifiedServicesSchema,
  institutionListSchema,
  portalStatisticsSchema,
  provinceListSchema,
  puntoGobDetailSchema,
  puntoGobListSchema,
  puntoGobSummarySchema,
  SERVICE_CHANNELS,
  SERVICE_TYPES,
  serviceDetailAnswerSchema,
  serviceDetailSchema,
  servicePageSchema,
  serviceSummarySchema,
} from './catalogueSchema';
export { citizenSchema, loginResponseSchema, registrationConfirmAnswerSchema } from './citizenSchema';
export { documentSchema } from './documentSchema';
export { errorSchema } from './errorSchema';
export { errorReportCreatedSchema, shellConfigSchema } from './portalShellSchemas';
export { emailConfirmSchema, profileAnswerSchema, profileSchema, profileUpdateSchema } from './profileSchema';
export { interestLinkSchema, interestLinksSchema, notificationPageSchema, notificationReadSchema, notificationSchema } from './notificationSchema';
export {
  CITIZEN_REQUEST_ACTIONS,
  RATING_COMMENT_MAX,
  REQUEST_COMMENT_MAX,
  requestAttachmentSchema,
  requestCommentSchema,
  requestDetailSchema,
  requestItemSchema,
  requestRatingSchema,
  requestSchema,
  requestStatusChangeSchema,
  requestTimelineEntrySchema,
} from './requestSchema';
export { serviceSuggestedSchema } from './suggestionSchema';
export {
  AUTHORIZATION_CODE_LENGTH,
  CARD_PAGE_REQUEST_FIELDS,
  CARD_PAGE_RESPONSE_FIELDS,
  CARD_PAGE_RETURN_PATHS,
  cardPageOutcomeSchema,
  chargeExtraSchema,
  chargeExtrasSchema,
  PAYMENT_CLOSE_DELAY_MS,
  PAYMENT_EVENT_NAMES,
  PAYMENT_EVENTS,
  PAYMENT_INITIAL_STATUS,
  PAYMENT_MESSAGES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_STATUS,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  nextPaymentStatus,
  paymentItemSchema,
  paymentResultSchema,
  paymentViewSchema,
  priceSchema,
  SECOND_CLIENT_TIMEOUT_MS,
  signedCardPageFormSchema,
  variationSchema,
  variationSelectAnswerSchema,
} from './paymentSchema';
export {
  APPROVAL_NUMBER_INVALID,
  APPROVAL_NUMBER_MAX,
  APPROVAL_NUMBER_PATTERN,
  paymentReviewListSchema,
  paymentReviewRowSchema,
  REFUSAL_REASON_MAX,
  REFUSAL_REASON_MIN,
} from './paymentReviewSchema';
export {
  authorizationCodeDigits,
  authorizationCodeValid,
  cardBrand,
  cardDigits,
  cardPageAmount,
  cardPageOrderFields,
  cardPageOrderNumber,
  cardPageReturnUrls,
  CARD_PAGE_TRX_TYPE,
  chargeBreakdown,
  chargeWithVariations,
  cvvDigits,
  durationLabel,
  estimatedTime,
  expiryValid,
  extraLabel,
  formatExpiry,
  formatPesos,
  groupCardNumber,
  luhnValid,
  normalizeQuantity,
  toCents,
} from './paymentRules';
export type { Duration } from './paymentRules';
export type { CardPageRequestField, CardPageResponseField, PaymentEvent, PaymentEventRule, PaymentMethod, PaymentStatus } from './paymentSchema';
export { paymentBankSchema, paymentCodeSchema, type PaymentCode } from './paymentCodeSchema';
export {
  allowedTransitions,
  eventsFrom,
  FINISHED_STATUSES,
  illegalEventMessage,
  nextStatus,
  REQUEST_EVENT_NAMES,
  REQUEST_NOTE_NAMES,
  REQUEST_NOTES,
  timelineLabel,
  REQUEST_EVENTS,
  REQUEST_STATUS_LABELS,
  REQUEST_STATUSES,
} from './requestStatus';
export { SANDBOX_STAFF_TOTP_SECRET, STAFF_FACTORS, STAFF_ROLES, staffLoginResponseSchema, staffMemberListSchema, staffMemberSchema, staffSchema, staffSessionResponseSchema } from './staffSchema';
export {
  allowedClaimTransitions,
  CLAIM_CLOSED_MESSAGE,
  CLAIM_COMMENT_MAX,
  CLAIM_DESCRIPTION_MAX,
  CLAIM_DESCRIPTION_MIN,
  CLAIM_EVENT_NAMES,
  CLAIM_EVENTS,
  CLAIM_INITIAL_STATUS,
  CLAIM_STATUS,
  CLAIM_STATUS_LABELS,
  CLAIM_STATUSES,
  claimCommentSchema,
  claimIsOpen,
  claimIssueListSchema,
  claimIssueSchema,
  claimListSchema,
  claimSchema,
  claimThreadSchema,
  directClaimStatuses,
  illegalClaimStatusMessage,
  nextClaimStatus,
  staffClaimCommentSchema,
  staffClaimDetailSchema,
  staffClaimListSchema,
  staffClaimSchema,
} from './claimSchema';
export type { ClaimActor, ClaimEvent, ClaimEventRule, ClaimStatus } from './claimSchema';
export type { AuditAction } from './backofficeSchema';
export {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  auditActionLabel,
  auditPageSchema,
  auditRowSchema,
  auditStaffMemberSchema,
  errorReportPageSchema,
  errorReportRowSchema,
  pageMetaSchema,
  queuePageSchema,
  queueRowSchema,
  STAFF_EVENTS,
  staffCommentCreatedSchema,
  staffCommentSchema,
  staffDocumentSchema,
  staffEventResultSchema,
  staffRequestSchema,
  staffTimelineEntrySchema,
  SUBMITTED_STATUSES,
  suggestionPageSchema,
  suggestionRowSchema,
} from './backofficeSchema';
export type { RequestActor, RequestEvent, RequestEventRule, RequestNote, RequestStatus } from './requestStatus';
export * from './bodySchemas';

/** A formalization application (draft or submitted). */
export type Application = FromSchema<typeof applicationSchema>;
export type PublishedFormVersion = FromSchema<typeof formVersionSchema>;
/** A published form and its current version (the back office's «Formularios»). */
export type PublishedForm = FromSchema<typeof publishedFormListSchema>['data'][number];
/** One version of a form in the back office's list. */
export type FormVersionEntry = FromSchema<typeof formVersionListSchema>['data'][number];
export type ApplicationStatus = Application['status'];
/** A service's form read before starting it (PREVIEW). */
export type FormPreview = FromSchema<typeof formPreviewSchema>;
/** The signed-in citizen. */
export type Citizen = FromSchema<typeof citizenSchema>;
/** The answer of POST /v1/portals/auth/citizens/login. */
export type LoginResponse = FromSchema<typeof loginResponseSchema>;
/** The answer of POST /v1/portals/auth/citizens/confirm: the new account's citizen. */
export type RegistrationConfirmAnswer = FromSchema<typeof registrationConfirmAnswerSchema>;
/** A stored document of the citizen. */
export type StoredDocumentItem = FromSchema<typeof documentSchema>;
/** The body of an error answer. */
export type ErrorBody = FromSchema<typeof errorSchema>;
/** A submitted request with its payments. */
export type CitizenRequest = FromSchema<typeof requestSchema>;
export type RequestItem = FromSchema<typeof requestItemSchema>;
/** One request with its timeline, answers, documents, thread, rating and what the citizen may do. */
export type CitizenRequestDetail = FromSchema<typeof requestDetailSchema>;
export type RequestTimelineEntry = FromSchema<typeof requestTimelineEntrySchema>;
export type RequestComment = FromSchema<typeof requestCommentSchema>;
export type RequestAttachment = FromSchema<typeof requestAttachmentSchema>;
export type RequestRating = FromSchema<typeof requestRatingSchema>;
export type RequestStatusChange = FromSchema<typeof requestStatusChangeSchema>;
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
/** A catalogue service as the lists show it. */
export type CatalogueService = FromSchema<typeof serviceSummarySchema>;
/** A catalogue service with requirements, steps and the Puntos GOB that offer it. */
export type CatalogueServiceDetail = FromSchema<typeof serviceDetailSchema>;
/** One page of catalogue services (GET /v1/portals/services). */
export type CatalogueServicePage = FromSchema<typeof servicePageSchema>;
/** Services grouped by area (GET /v2/portals/classified). */
export type ClassifiedServices = FromSchema<typeof classifiedServicesSchema>;
/** Areas with their service counts (GET /v1/portals/area/services). */
export type AreaServiceCounts = FromSchema<typeof areaServiceCountsSchema>;
/** Institutions with their service counts (GET /v1/portals/institutions). */
export type InstitutionList = FromSchema<typeof institutionListSchema>;
/** Provinces that have Puntos GOB (GET /v1/portals/provinces). */
export type ProvinceList = FromSchema<typeof provinceListSchema>;
/** The home page's figures (GET /v2/portal/dashboard/statistics). */
export type PortalStatistics = FromSchema<typeof portalStatisticsSchema>;
/** Puntos GOB centres (GET /v2/punto-gob/getall). */
export type PuntoGobList = FromSchema<typeof puntoGobListSchema>;
/** One Punto GOB with its services (GET /v2/portal-punto-gob/{slug}/slug). */
export type PuntoGobDetail = FromSchema<typeof puntoGobDetailSchema>;
/** Answer of POST /v2/service-suggested: the stored suggestion's id. */
export type ServiceSuggested = FromSchema<typeof serviceSuggestedSchema>;

/** A signed-in staff member of the back office. */
export type Staff = FromSchema<typeof staffSchema>;
export type StaffLoginResponse = FromSchema<typeof staffLoginResponseSchema>;
export type StaffSessionResponse = FromSchema<typeof staffSessionResponseSchema>;
export type StaffMember = FromSchema<typeof staffMemberSchema>;
/** A page of the back office's queue with the counts per status. */
export type StaffQueuePage = FromSchema<typeof queuePageSchema>;
export type StaffQueueRow = FromSchema<typeof queueRowSchema>;
/** One request as the back office reads it. */
export type StaffRequest = FromSchema<typeof staffRequestSchema>;
export type StaffDocument = FromSchema<typeof staffDocumentSchema>;
export type StaffTimelineEntry = FromSchema<typeof staffTimelineEntrySchema>;
export type StaffComment = FromSchema<typeof staffCommentSchema>;
/** Pages of the back office's lists. */
export type StaffSuggestionPage = FromSchema<typeof suggestionPageSchema>;
export type StaffErrorReportPage = FromSchema<typeof errorReportPageSchema>;
export type StaffAuditPage = FromSchema<typeof auditPageSchema>;
export type StaffAuditRow = FromSchema<typeof auditRowSchema>;
export type StaffAuditStaffMember = FromSchema<typeof auditStaffMemberSchema>;

/** A claim type (GET /v1/issues). */
export type ClaimIssue = FromSchema<typeof claimIssueSchema>;
/** One of the citizen's claims. */
export type Claim = FromSchema<typeof claimSchema>;
/** A comment of a claim's thread as the citizen reads it. */
export type ClaimComment = FromSchema<typeof claimCommentSchema>;
/** A claim with its thread (the `data` of GET /v1/portals/claim-comment). */
export type ClaimThread = FromSchema<typeof claimThreadSchema>['data'];
/** A claim as the back office reads it. */
export type StaffClaim = FromSchema<typeof staffClaimSchema>;
export type StaffClaimComment = FromSchema<typeof staffClaimCommentSchema>;
/** The institution's claims with the counts per status (GET /v1/backoffice/claims). */
export type StaffClaimList = FromSchema<typeof staffClaimListSchema>;
/** A claim with its thread as the back office reads it (the `data` of GET /v1/backoffice/claims/{id}). */
export type StaffClaimDetail = FromSchema<typeof staffClaimDetailSchema>['data'];
/** A request's payment view (GET /v1/portals/requests/{id}/payment). */
export type PaymentView = FromSchema<typeof paymentViewSchema>;
/** One charge of a request as it stands. */
export type PaymentItem = FromSchema<typeof paymentItemSchema>;
/** An extra (price variation) chosen for a charge. */
export type ChargeExtra = FromSchema<typeof chargeExtraSchema>;
/** What a payment call answers. */
export type PaymentResult = FromSchema<typeof paymentResultSchema>;
export type Price = FromSchema<typeof priceSchema>;
export type Variation = FromSchema<typeof variationSchema>;
/** A proof of payment waiting for an officer (GET /v1/backoffice/payments). */
export type PaymentReviewRow = FromSchema<typeof paymentReviewRowSchema>;
/** What a verified return of the card payment page answers. */
export type CardPageOutcome = FromSchema<typeof cardPageOutcomeSchema>;
/** What POST /v1/portals/request-variation-select answers. */
export type VariationSelectAnswer = FromSchema<typeof variationSelectAnswerSchema>;
/** The signed card page form (POST /v1/institution-camara/hash/{code}): the hash (`data`), every field and where to post them. */
export type SignedCardPageForm = FromSchema<typeof signedCardPageFormSchema>;

/*
 * Request bodies: what the app sends, typed from the schema the route validates
 * with (bodySchemas.ts). The app never declares these by hand.
 */
/** POST /v1/backoffice/forms/{form}/versions. */
export type FormPublishBody = FromSchema<typeof formPublishBodySchema>;
/** POST /v1/portals/auth/citizens/register. */
export type RegistrationBody = FromSchema<typeof registrationBodySchema>;
/** The answer of /register and /resend: the same whether or not the cédula already has an account. */
export type RegistrationAnswer = FromSchema<typeof registrationAnswerSchema>;
/** POST /v1/portals/auth/citizens/confirm. */
export type RegistrationConfirmBody = FromSchema<typeof registrationConfirmBodySchema>;
/** POST /v1/portals/auth/citizens/resend. */
export type RegistrationResendBody = FromSchema<typeof registrationResendBodySchema>;
/** POST /v1/portals/auth/citizens/login. */
export type LoginBody = FromSchema<typeof loginBodySchema>;
/** POST /v1/portals/auth/citizens/reset. */
export type PasswordResetBody = FromSchema<typeof passwordResetBodySchema>;
/** POST /v1/portals/auth/citizens/reset-link. */
export type PasswordResetLinkBody = FromSchema<typeof passwordResetLinkBodySchema>;
/** POST /v1/portals/auth/citizens/changepassword. */
export type PasswordChangeBody = FromSchema<typeof passwordChangeBodySchema>;
/** POST /v1/portals/auth/citizens/password-check. */
export type PasswordCheckBody = FromSchema<typeof passwordCheckBodySchema>;
/** The answer of POST /v1/portals/auth/citizens/password-check. */
export type PasswordCheckAnswer = FromSchema<typeof passwordCheckAnswerSchema>;
/** POST /v1/portals/citizen-profile/email/confirm. */
export type EmailConfirmBody = FromSchema<typeof emailConfirmBodySchema>;
/** POST /v1/portals/auth/citizens/email-undo. */
export type EmailUndoBody = FromSchema<typeof emailUndoBodySchema>;
/** POST /v1/portals/citizen-profile/notification-make-read. */
export type NotificationMakeReadBody = FromSchema<typeof notificationMakeReadBodySchema>;
/** POST of a new draft of an online service's form. */
export type DraftCreateBody = FromSchema<typeof draftCreateBodySchema>;
/** PUT of a draft (autosave). */
export type DraftSaveBody = FromSchema<typeof draftSaveBodySchema>;
/** POST /v1/portals/request-comment. */
export type RequestCommentBody = FromSchema<typeof requestCommentBodySchema>;
/** POST /v1/portals/request-dynamic-confirmation. */
export type RequestConfirmationBody = FromSchema<typeof requestConfirmationBodySchema>;
/** POST /v1/portals/ratings. */
export type RequestRatingBody = FromSchema<typeof requestRatingBodySchema>;
/** The text fields of POST /v1/portals/claim (multipart, with an optional file). */
export type ClaimForm = FromSchema<typeof claimFormSchema>;
/** POST /v1/portals/claim-comment. */
export type ClaimCommentBody = FromSchema<typeof claimCommentBodySchema>;
/** POST /v1/portals/error-reports. */
export type ErrorReportBody = FromSchema<typeof errorReportBodySchema>;
/** POST /v1/portals/analytics/page-views. */
export type PageViewBody = FromSchema<typeof pageViewBodySchema>;
/** POST /v2/service-suggested. */
export type ServiceSuggestionBody = FromSchema<typeof serviceSuggestionBodySchema>;
/** POST /v1/portals/request-variation-select. */
export type VariationSelectBody = FromSchema<typeof variationSelectBodySchema>;
/** POST /v1/portals/requests/{id}/payment-code. */
export type PaymentCodeRenewalBody = FromSchema<typeof paymentCodeRenewalBodySchema>;
/** POST /v1/portals/sirite/response (with ?code=…). */
export type SiritePaymentBody = FromSchema<typeof siritePaymentBodySchema>;
/** POST /v1/institution-camara/hash/{code}. */
export type CardPageHashBody = FromSchema<typeof cardPageHashBodySchema>;
/** POST /v1/institution-camara/return. */
export type CardPageReturnBody = FromSchema<typeof cardPageReturnBodySchema>;
/** POST /v1/institution-onapi/payment. */
export type OnapiCardPaymentBody = FromSchema<typeof onapiCardPaymentBodySchema>;
/** POST /v1/institution-dgii/upload/document. */
export type DgiiProofBody = FromSchema<typeof dgiiProofBodySchema>;
/** POST /v1/portals/payment/deposit-receipt. */
export type DepositReceiptBody = FromSchema<typeof depositReceiptBodySchema>;
/** POST /v1/backoffice/auth/login. */
export type StaffLoginBody = FromSchema<typeof staffLoginBodySchema>;
/** POST /v1/backoffice/auth/second-factor. */
export type StaffSecondFactorBody = FromSchema<typeof staffSecondFactorBodySchema>;
/** POST /v1/backoffice/auth/enrolment. */
export type StaffEnrolmentBody = FromSchema<typeof staffEnrolmentBodySchema>;
/** POST /v1/backoffice/auth/enrolment/passkey-options and auth/second-factor/passkey-options. */
export type StaffPasskeyOptionsBody = FromSchema<typeof staffPasskeyOptionsBodySchema>;
/** POST /v1/backoffice/requests/{id}/events. */
export type StaffEventBody = FromSchema<typeof staffEventBodySchema>;
/** POST /v1/backoffice/requests/{id}/comments. */
export type StaffCommentBody = FromSchema<typeof staffCommentBodySchema>;
/** POST /v1/backoffice/payments/{id}/refuse. */
export type PaymentRefusalBody = FromSchema<typeof paymentRefusalBodySchema>;
/** POST /v1/backoffice/claims/{id}/comments. */
export type StaffClaimCommentBody = FromSchema<typeof staffClaimCommentBodySchema>;
/** POST /v1/backoffice/claims/{id}/status. */
export type StaffClaimStatusBody = FromSchema<typeof staffClaimStatusBodySchema>;
export {
  passkeyCreateBodySchema,
  passkeyCreatedSchema,
  passkeyListSchema,
  passkeySchema,
  signInProofBodySchema,
  webAuthnAnswerBodySchema,
  webAuthnOptionsSchema,
  webAuthnResponseSchema,
  type Passkey,
  type PasskeyCreateBody,
  type SignInProofBody,
  type WebAuthnAnswerBody,
  type WebAuthnOptions,
} from './passkeySchema';
