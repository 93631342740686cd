/**
 * The modal registry: for each name of the spec, its default title, its
 * content (loaded on first opening) and whether Escape and the backdrop may
 * close it. Every name of the spec has its real content. It lives in the app
 * layer, which composes the features: the shared modal host (app/src/modals)
 * knows no feature and is handed this registry (App.tsx).
 */
import type { ModalRegistry } from '../modals/modalDefinition';


export const MODAL_REGISTRY: ModalRegistry = {
  PUNTOSGOB_AVAILABILITY: { title: 'Disponibilidad en los Puntos GOB', load: () => import('../features/services/modals/PuntosGobAvailabilityContent') },
  WELLCOME: { title: 'Mejoremos juntos', load: () => import('../modals/contents/WellcomeContent') },
  REGISTRO_UNICO: { title: 'Registro único de cuenta', load: () => import('../modals/contents/RegistroUnicoContent') },
  SERVICE_RECOMENDED: { title: 'Sugerir un servicio', load: () => import('../features/suggestions/modals/SuggestServiceContent') },
  SERVICE_RECOMENDED_THANKS: { title: '¡Tu Sugerencia fue enviado con éxito!', load: () => import('../features/suggestions/modals/SuggestionThanksContent') },
  SERVICE_CLAIM_DETAILS: { title: 'Detalle de la queja o reclamación', load: () => import('../features/claims/modals/ServiceClaimDetailsContent') },
  SERVICE_CLAIMS: { title: 'Quejas y reclamaciones', load: () => import('../features/claims/modals/ServiceClaimsContent') },
  PRICE_VARIATIONS: { title: 'Variaciones de precio', load: () => import('../features/payments/modals/PriceVariationsContent') },
  PRICE_VARIATIONS_VUF: { title: 'Variaciones de precio de la solicitud', load: () => import('../features/payments/modals/PriceVariationsContent') },
  UPLOAD_FILE_TO_REQUEST: { title: 'Adjuntar un archivo a la solicitud', load: () => import('../features/requests/modals/UploadFileToRequestContent') },
  RATE_REQUEST_MODAL: { title: 'Calificar la solicitud', load: () => import('../features/requests/modals/RateRequestContent') },
  PAY_REQUEST_MODAL: { title: 'Pagar la solicitud', load: () => import('../features/payments/modals/PayRequestContent') },
  PAY_VUF_REQUEST_MODAL: { title: 'Pagos de la solicitud', load: () => import('../features/payments/modals/PayVufRequestContent') },
  PAY_VUF_SUCCESS_MODAL: { title: 'Pago realizado', load: () => import('../features/payments/modals/PayVufSuccessContent') },
  PAY_VUF_ONAPI_REQUEST_MODAL: { title: 'Pago del registro de nombre comercial (ONAPI)', load: () => import('../features/payments/modals/PayVufOnapiContent') },
  PAY_VUF_DGII_REQUEST_MODAL: { title: 'Pago a la Dirección General de Impuestos Internos (DGII)', load: () => import('../features/payments/modals/PayVufDgiiContent') },
  PAY_VUF_CCPSD_REQUEST_MODAL: { title: 'Pago a la Cámara de Comercio y Producción de Santo Domingo', load: () => import('../features/payments/modals/PayVufCcpsdContent') },
  PAY_VUF_ACTION_REQUIRED: { title: 'Acción requerida', load: () => import('../features/payments/modals/PayVufActionRequiredContent') },
  GENERATE_CODE_MODAL: { title: 'Número de autorización', load: () => import('../features/payments/modals/GenerateCodeContent') },
  PAY_WITH_CHECK: { title: 'Subir el comprobante de pago', load: () => import('../features/payments/modals/PayWithCheckContent') },
  LOGIN: { title: 'Iniciar sesión', load: () => import('../features/auth/modals/LoginContent') },
  REGISTER: { title: 'Crear una cuenta', load: () => import('../features/auth/modals/RegisterContent') },
  SERVICE_APPLY: { title: 'Solicitar el servicio', load: () => import('../features/auth/modals/ServiceApplyContent') },
  REGISTER_MESSAGE: { title: 'Inicie sesión o regístrese', load: () => import('../features/auth/modals/RegisterMessageContent') },
  ERROR_REPORT: { title: 'Reportar un problema', load: () => import('../modals/contents/ErrorReportContent') },
  FORGET_PASSWORD: { title: 'Recuperar la contraseña', load: () => import('../features/auth/modals/ForgetPasswordContent') },
  RESETCODE: { title: 'Código de recuperación', load: () => import('../features/auth/modals/ResetCodeContent') },
  FACIAL_AUTH: { title: 'Desbloqueo facial o con huella', load: () => import('../features/auth/modals/FacialAuthContent') },
  CHOOSE_AUTH_METHOD: { title: 'Elija cómo verificar su identidad', load: () => import('../features/auth/modals/ChooseAuthMethodContent') },
  CONFIRMATION_EMAIL: { title: 'Confirme su correo electrónico', load: () => import('../features/auth/modals/ConfirmationEmailContent') },
  USER_REGISTER_COMPLETED: { title: 'Registro completado', load: () => import('../features/auth/modals/UserRegisterCompletedContent') },
  CHANGE_PASSWORD: { title: 'Cambiar la contraseña', load: () => import('../features/auth/modals/ChangePasswordContent') },
  SUCCESS_RESTORED: { title: 'Contraseña restablecida', load: () => import('../features/auth/modals/SuccessRestoredContent') },
  FIRST_LOGIN: { title: 'Bienvenido al portal', load: () => import('../features/auth/modals/FirstLoginContent') },
  UNDER_CONSTRUCTION_MODAL: { title: 'Sección en construcción', load: () => import('../modals/contents/UnderConstructionContent') },
  SLUG_ERROR: { title: 'Servicio no encontrado', load: () => import('../modals/contents/SlugErrorContent') },
  FILE_UPLOAD_MODAL: { title: 'Subir un archivo', load: () => import('../features/profile/modals/FileUploadContent') },
  USER_EDIT: { title: 'Editar mis datos', load: () => import('../features/profile/modals/UserEditContent') },
  PREVIEW: { title: 'Vista previa del formulario', load: () => import('../features/services/modals/FormPreviewContent') },
  GRID_MODAL: { title: 'Fila de la tabla', load: () => import('../modals/contents/GridRowModal') },
  GRID_MDOAL_PREVIEW: { title: 'Vista previa de la tabla', load: () => import('../modals/contents/GridRowPreviewModal') },
  PAYMENT_MODAL: { title: 'Pago', load: () => import('../features/payments/modals/PayRequestContent') },
};
