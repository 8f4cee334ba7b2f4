/**
 * The one error vocabulary of Cartera. Domain code throws `DomainError(code)`; the server maps the
 * code to a transport status through `ERROR_HTTP_STATUS`, and the web shows the Spanish text of
 * the code from the catalogue (`@cartera/domain/i18n`).
 *
 * Codes come from the error catalogues of the specification (01 §8, 02 §8, 03 §8); the few
 * platform codes (UNAUTHENTICATED, FILE_TOO_LARGE, …) are ours and documented in docs/.
 */
export const ERROR_HTTP_STATUS = {
  // Platform
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  UNAUTHENTICATED: 401,
  /** A personal API token that is unknown, revoked or of a deactivated user (issue #36). */
  API_TOKEN_INVALID: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  INVALID_REQUEST_BODY: 400,
  TOO_MANY_REQUESTS: 429,
  /** A sign-in link (`?token=`) opened while this browser is signed in as someone (issue #30 S6). */
  SESSION_ACTIVE: 409,
  /** Another site's page the company did not configure to be shown inside Cartera (issue #30 S13). */
  FRAME_NOT_ALLOWED: 403,
  FILE_TOO_LARGE: 413,
  /** A compressed upload (a spreadsheet) that inflates past what the server reads: a zip bomb. */
  FILE_INFLATED_TOO_LARGE: 413,
  FILE_SIZE_REQUIRED: 400,
  UPLOAD_URL_INVALID: 403,
  UPLOAD_URL_EXPIRED: 403,
  /** A signed upload URL already used (a file is written once). */
  UPLOAD_URL_USED: 409,
  /** An upload whose body is not the size it declared when its URL was signed. */
  UPLOAD_SIZE_MISMATCH: 400,
  /** A record pointing at an upload the server has not found complete, of its declared size and type. */
  FILE_NOT_UPLOADED: 422,
  /** A file's signed read link (for readers without a session) past its expiry. */
  FILE_LINK_EXPIRED: 403,
  /** The file storage itself failed (disk full or unwritable, S3 unreachable): try again later. */
  STORAGE_UNAVAILABLE: 503,
  DISABLED_FEATURE: 403,
  CROSS_SITE_REQUEST: 403,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** A method the path no longer answers (GET /api/admin/changeaccount/{id}: POST only). */
  METHOD_NOT_ALLOWED: 405,
  /** A credential sent in the address (the legacy `apiKey` query): refused, never read. */
  CREDENTIAL_IN_URL: 400,
  /** A configured address the server will not call (a private network, not http or https). */
  OUTBOUND_URL_NOT_ALLOWED: 422,
  /** A file the server was asked to fetch from a URL (02 §8 URL paste) could not be brought. */
  FILE_DOWNLOAD_FAILED: 422,
  /** A provider's webhook whose signature (or shared key) does not match the channel's secret. */
  WEBHOOK_SIGNATURE_INVALID: 401,
  // Identity (01 §5, §8). The password codes carry the legacy numbers 1, 2 and 3 in details.
  INVALID_CREDENTIALS: 401,
  TOO_MANY_LOGIN_ATTEMPTS: 429,
  PASSWORD_CHANGE_REQUIRED: 403,
  PASSWORD_EMPTY: 400,
  PASSWORD_MISMATCH: 400,
  PASSWORD_REUSED: 400,
  PASSWORD_INVALID: 400,
  NOT_IMPERSONATING: 400,
  USER_NOT_FOUND: 404,
  /** A profile photo that is not an image stored through the caller's company's uploads. */
  PROFILE_PHOTO_INVALID: 400,
  // Companies, sectors and configurable fields (02 §8)
  COMPANY_ALREADY_EXISTS: 409,
  SECTOR_NAME_READY_USE: 409,
  COMPANY_NOT_FOUND: 404,
  SECTOR_NOT_FOUND: 404,
  CONTACT_ALREADY_AFFILIATED: 409,
  CUSTOM_FIELD_NOT_FOUND: 404,
  CUSTOM_FIELD_CODE_TAKEN: 409,
  CUSTOM_FIELD_INVALID: 400,
  FIELD_VALUE_NOT_UNIQUE: 409,
  SHARED_OPTION_NOT_FOUND: 404,
  STATUS_TAG_CODE_TAKEN: 409,
  ORIGIN_CODE_TAKEN: 409,
  // Address search (02 §7 Maps)
  PLACES_NOT_CONFIGURED: 503,
  PLACES_UNAVAILABLE: 502,
  // Contact fetch (03 §8)
  CONTACT_NOT_FOUND: 404,
  INVALID_CONTACT_ID: 400,
  // 'Carteras compartidas' (ours: 01 §3 names the entity, no error of it)
  SHARED_INBOX_NOT_FOUND: 404,
  // Goals and the dashboard (01 §8 goal roles; the others ours)
  /** A seller or group outside what the caller may look at (01 §8 "goal roles"). */
  GOAL_ROLES_ERROR: 403,
  GOAL_SELLER_INVALID: 400,
  GOAL_WEEK_INVALID: 400,
  PERIOD_INVALID: 400,
  /** An upload that is not a workbook of the goals template. */
  GOAL_FILE_INVALID: 400,
  // Training 'Aprender' (ours: 03 §8 names only the reaction's rollback)
  TRAINING_ITEM_NOT_FOUND: 404,
  COACH_POST_NOT_FOUND: 404,
  COACH_COMMENT_NOT_FOUND: 404,
  /** Creating or changing classes, tutorials and posts: the company's coach and admins only. */
  TRAINING_COACH_ONLY: 403,
  /** A group or user of the audience that is not of the caller's company. */
  TRAINING_AUDIENCE_INVALID: 400,
  COACH_COMMENT_EMPTY: 400,
  /** Deleting someone else's comment without being the coach or an admin. */
  COACH_COMMENT_NOT_YOURS: 403,
  /** A reply to a comment of another post. */
  COACH_COMMENT_PARENT_INVALID: 400,
  // Sales and presales (ours: 01 §8 names none of them)
  RECEIPT_NOT_FOUND: 404,
  /** An outbound webhook subscription (or one of its deliveries) not of the caller's company. */
  WEBHOOK_SUBSCRIPTION_NOT_FOUND: 404,
  WEBHOOK_DELIVERY_NOT_FOUND: 404,
  /** A presale where the company's sale config has no presale (01 §6). */
  PRESALE_DISABLED: 403,
  /** A manual-sale field a non-commercial user may not change (02 §6). */
  RECEIPT_FIELD_LOCKED: 403,
  /** A seller that is not an active seller of the caller's company. */
  RECEIPT_SELLER_INVALID: 400,
  /** A seller change on a receipt whose seller is locked (user_lock). */
  RECEIPT_SELLER_LOCKED: 409,
  /** A transition a canceled receipt cannot take (change its status first). */
  RECEIPT_CANCELED: 409,
  RECEIPT_VALUE_INVALID: 400,
  // Request sales 'Solicitudes' (issue #15; ours except closingRequestSale, 03 §4)
  REQUEST_SALE_NOT_FOUND: 404,
  REQUEST_TEMPLATE_NOT_FOUND: 404,
  /** The user's roles do not match the template's (02 §6). */
  REQUEST_TEMPLATE_ROLES: 403,
  /** A save whose content or line codes break the template's rules (02 §5); details.fields. */
  REQUEST_SALE_INVALID: 400,
  /** An edit by someone the edit rules of 02 §4 do not admit (read sharing, audit mode). */
  REQUEST_SALE_NOT_EDITABLE: 403,
  /** A status the user may not set (02 §4 status change). */
  REQUEST_SALE_STATUS_NOT_ALLOWED: 403,
  /** A seller who is not an active user the caller may give requests to. */
  REQUEST_SALE_SELLER_INVALID: 400,
  /** An auditor or creator who is not an active user of the company (the back office). */
  REQUEST_SALE_USER_INVALID: 400,
  /** Sharing with a user who is not an active user of the company, or with the creator. */
  REQUEST_SALE_SHARE_INVALID: 400,
  REQUEST_COMMENT_NOT_FOUND: 404,
  REQUEST_COMMENT_NOT_YOURS: 403,
  /** 03 §4: archiving a contact that holds active requests; details.requestSales. */
  closingRequestSale: 409,
  // Contacts (02 §5, §8)
  PHONE_BLOCKED: 409,
  PHONE_ALREADY_REGISTERED: 409,
  CONTACT_NOT_OBTAINABLE: 409,
  // Reserved contact of 'Inbox' (ours: 03 §4 names the countdown, no error of it)
  CONTACT_RESERVED: 409,
  SUB_CONVERSATION_NOT_ALLOWED: 409,
  UNIFY_NOT_ALLOWED: 403,
  EXTERNAL_VALIDATION_FAILED: 422,
  EXTERNAL_SYSTEM_ERROR: 502,
  // Transfer (02 §8, 03 §8); the TRANSFER_ prefixed variants share the texts
  ERROR_YOURSELF_TRANSFER: 400,
  ERROR_GROUP_NOT_FOUND: 404,
  ERROR_INVALID_DATA: 400,
  ERROR_ALREADY_BELONGS_TO_AGENT: 409,
  ERROR_USER_PROXY: 400,
  ERROR_NOT_AUTHORIZED_GROUP: 403,
  TRANSFER_ERROR_YOURSELF_TRANSFER: 400,
  TRANSFER_ERROR_GROUP_NOT_FOUND: 404,
  TRANSFER_ERROR_INVALID_DATA: 400,
  TRANSFER_ERROR_ALREADY_BELONGS_TO_AGENT: 409,
  TRANSFER_ERROR_USER_PROXY: 400,
  TRANSFER_ERROR_NOT_AUTHORIZED_GROUP: 403,
  TRANSFER_DISABLED_FEATURE: 403,
  // Conversation actions (03 §5, §8)
  ARCHIVING_REASON_NOT_FOUND: 404,
  /** 'Mi Empresa' (ours: 03 §3 names the entity, no error of it). */
  ARCHIVING_REASON_CODE_TAKEN: 409,
  /** 'Mi Empresa' visit results and shortcuts (ours, issue #17). */
  VISIT_RESULT_CODE_TAKEN: 409,
  VISIT_RESULT_NOT_FOUND: 404,
  SHORTCUT_NOT_FOUND: 404,
  CONTACT_ALREADY_ARCHIVED: 409,
  REQUIRED_ON_SALE_MISSING: 400,
  TAG_CHANGE_NOT_ALLOWED: 403,
  REMINDER_DATE_PAST: 400,
  CONTACT_IN_CALL: 409,
  SUGGESTION_NOT_AVAILABLE: 409,
  // Message sending (03 §8)
  PERSONAL_WHATSAPP_404: 404,
  CONTACT_WITHOUT_AGENT: 409,
  SEND_MESSAGE_ERROR: 502,
  MAXIMUN_MESSAGE_EXCEEDED: 429,
  NOTE_ERROR: 500,
  CHANNEL_ERROR: 502,
  SMS_ERROR: 502,
  SESSION_NOT_FOUND: 404,
  CONTACT_WITHOUT_PHONE_NUMBER: 409,
  CHANNEL_WITHOUT_SESSIONS: 409,
  NO_VALID_SESSION: 409,
  CHANNEL_NOT_FOUND: 404,
  MESSAGE_LIMIT_EXCEEDED: 429,
  // Reply windows (03 §4, §9): WhatsApp's 24 hours (templates only after), Meta's 7 days
  WHATSAPP_WINDOW_CLOSED: 409,
  META_WINDOW_CLOSED: 409,
  // Editing and deleting a sent WhatsApp message (03 §4, §6, §8, §9)
  MESSAGE_NOT_EDITABLE: 409,
  MESSAGE_NOT_DELETABLE: 409,
  EDIT_MESSAGE_ERROR: 502,
  DELETE_MESSAGE_ERROR: 502,
  // Scheduled messages (02 §5, 03 §4, §8)
  SCHEDULED_DATE_INVALID: 400,
  SCHEDULED_MESSAGE_NOT_CHANGEABLE: 409,
  SCHEDULED_MESSAGE_ERROR: 502,
  // Meetings (issue #40; 02 §8 'Error al crear el enlace de la reunión')
  /** Google or Zoom did not make the meeting's link (the meeting is kept without one). */
  MEETING_LINK_FAILED: 502,
  /** The medium's provider is not connected for the organiser (Google) or the company (Zoom). */
  MEETING_PROVIDER_NOT_CONNECTED: 409,
  /** Google refused the consent's code, or Zoom the account's credentials. */
  MEETING_AUTH_FAILED: 422,
  // Platform: a personal WhatsApp needs the company's gateway (/settings/new-whatsapp)
  WHATSAPP_GATEWAY_NOT_CONFIGURED: 409,
  // Bot (03 §8)
  BOT_NOT_ACTIVE: 409,
  BOT_CONFIG_NOT_FOUND: 404,
  // NPS survey dispatch (01 §8)
  NET_PROMOTER_SCORE_NOT_FOUND: 404,
  ERROR_ON_SEND_MESSAGE: 502,
  DISPATCH_SURVEY_ERROR: 500,
  // Administration (/grupos, issue #17)
  GROUP_NOT_FOUND: 404,
  GROUP_NAME_TAKEN: 409,
  GROUP_MOVE_INVALID: 400,
  GROUP_ROOT_LOCKED: 409,
  USER_EMAIL_TAKEN: 409,
  USER_ROLE_NOT_ALLOWED: 403,
  USER_SELF_CHANGE: 409,
  /** movecompany: the user still has contacts or open items in the source company. */
  USER_MOVE_BLOCKED: 409,
  USER_MOVE_SAME_COMPANY: 400,
  // Personal e-mail (01 §7, issue #38; ours: 01 §8 names only the screen's three failures)
  /** The mailbox's IMAP or SMTP server refused the user name or password. */
  EMAIL_AUTH_FAILED: 422,
  /** The server's name does not resolve. */
  EMAIL_HOST_NOT_FOUND: 422,
  /** The TLS handshake failed: wrong port or security, or a certificate that does not match. */
  EMAIL_TLS_FAILED: 422,
  /** The server did not answer (refused, timed out, closed). */
  EMAIL_SERVER_UNREACHABLE: 502,
  EMAIL_ACCOUNT_NOT_FOUND: 404,
  /** The address is already connected for this user. */
  EMAIL_ACCOUNT_EXISTS: 409,
  /** The SMTP server refused the mail for good (a recipient, the size, the content): not retried. */
  EMAIL_SEND_REFUSED: 422,
  /** The mailbox is disconnected, or its password was refused: the mail cannot leave. */
  EMAIL_ACCOUNT_UNAVAILABLE: 409,
  /** A mail answered can only be one on the same contact's timeline. */
  EMAIL_REPLY_NOT_FOUND: 404,
  /** Only the owner of the mailbox a mail came through keeps its thread out of the CRM. */
  EMAIL_THREAD_NOT_YOURS: 403,
  /** The server has no Nylas application configured (NYLAS_API_KEY, NYLAS_CLIENT_ID). */
  EMAIL_NYLAS_NOT_CONFIGURED: 409,
  /**
   * Nylas's hosted authentication could not be completed: the code expired or was used
   * (OAuth `invalid_grant`), or the answer is not this user's (its `state`).
   */
  EMAIL_NYLAS_AUTH_FAILED: 422,
  /** Nylas did not answer, or failed on its side (network, 429, 5xx): worth trying later. */
  EMAIL_NYLAS_UNAVAILABLE: 502,
  // In-app notifications and shipments (01 §8 names the not-found and the creation failure)
  NOTIFICATION_NOT_FOUND: 404,
  /**
   * 01 §8 'Notification creation failure': a shipment or template whose audience or image names
   * what does not exist (a company, group or user; an image not uploaded for notifications).
   */
  NOTIFICATION_CREATE_ERROR: 400,
  NOTIFICATION_SHIPMENT_NOT_FOUND: 404,
  NOTIFICATION_TEMPLATE_NOT_FOUND: 404,
  /** A shipment already sending or sent: it is no longer changed, scheduled or sent again. */
  NOTIFICATION_SHIPMENT_SENT: 409,
  /** Sending a shipment whose audience reaches no active user. */
  NOTIFICATION_AUDIENCE_EMPTY: 400,
  /** A send scheduled for a moment already past. */
  NOTIFICATION_SCHEDULE_INVALID: 400,
  // AI-drafted replies (issue #44 item 3; 02 §8 'Error de conexión')
  /** The installation has no chat-completions endpoint (AI_BASE_URL). */
  AI_NOT_CONFIGURED: 503,
  /** The company asked for every draft its monthly limit allows. */
  AI_LIMIT_REACHED: 429,
  /** The endpoint did not answer, failed or broke off its answer. */
  AI_UNAVAILABLE: 502,
  // Phone (issue #39; 03 §8 'No se pudo realizar la llamada.', 'Número de teléfono restringido')
  /** The phone provider did not answer or refused to place the call. */
  PHONE_CALL_FAILED: 502,
  /** The number is restricted ('Mi Empresa' › 'Números restringidos'): no chat nor call. */
  PHONE_NUMBER_RESTRICTED: 409,
  /** The company has no phone provider connected. */
  PHONE_PROVIDER_NOT_CONNECTED: 409,
  /** The caller has no Aircall user of their own ('Ajustes' › 'Llamadas'). */
  PHONE_USER_NOT_MAPPED: 409,
  /** Aircall refused the API id and token given to connect it. */
  PHONE_PROVIDER_AUTH_FAILED: 422,
  /** Aircall did not answer or failed on its side (network, 429, 5xx): worth trying later. */
  PHONE_PROVIDER_UNAVAILABLE: 502,
  /** The number is already restricted. */
  PHONE_NUMBER_ALREADY_RESTRICTED: 409,
  // Forms (issue #42 item 3; ours: docs/decisions.md 'Forms (issue #42 item 3)')
  /** The form is not one of the company's (or was deleted). */
  FORM_NOT_FOUND: 404,
  /** The public page's link is unknown (or its form was deleted). */
  FORM_LINK_NOT_FOUND: 404,
  /** The link was already answered: it takes one answer. */
  FORM_LINK_USED: 410,
  /** The link is past its 30 days. */
  FORM_LINK_EXPIRED: 410,
  /** Too many answers to one link or from one address in a short time. */
  FORM_ANSWER_LIMIT: 429,
  // Campaigns (issue #42 item 2)
  /** A campaign that does not exist in the caller's company. */
  CAMPAIGN_NOT_FOUND: 404,
  /** A change a campaign's status does not allow (editing one that started, pausing a finished one). */
  CAMPAIGN_NOT_EDITABLE: 409,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_HTTP_STATUS;

export const ERROR_CODES = Object.keys(ERROR_HTTP_STATUS) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_HTTP_STATUS, value);
}

/** A failure the product knows how to explain. `details` are safe to show to the caller. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, details?: Record<string, unknown>, options?: { cause?: unknown }) {
    super(code, options);
    this.name = 'DomainError';
    this.code = code;
    this.details = details;
  }

  get httpStatus(): number {
    return ERROR_HTTP_STATUS[this.code];
  }
}
