/**
 * Every error a Quire user can meet: a stable code, the HTTP status the API answers with, and the message.
 * Messages come from the product description (../shared/seed) wherever it gives one, word for word.
 */
export const ERROR_TYPES = [
  'invalid_request_error',
  'authentication_error',
  'permission_error',
  'not_found_error',
  'conflict_error',
  'plan_limit_error',
  'rate_limit_error',
  'template_error',
  'provider_error',
  'api_error',
] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];

interface CatalogueEntry {
  readonly type: ErrorType;
  readonly status: number;
  readonly message: string;
}

function entry(type: ErrorType, status: number, message: string): CatalogueEntry {
  return { type, status, message };
}

export const ERROR_CATALOGUE = {
  // Requests
  validation_failed: entry('invalid_request_error', 400, 'The request is not valid.'),
  malformed_json: entry('invalid_request_error', 400, 'The request body is not valid JSON.'),
  payload_too_large: entry('invalid_request_error', 413, 'The request body is too large.'),
  unsupported_media_type: entry('invalid_request_error', 415, 'The request body must be JSON.'),
  route_not_found: entry('not_found_error', 404, 'No such route.'),
  idempotency_key_reused: entry(
    'conflict_error',
    409,
    'This Idempotency-Key was already used with a different request body.',
  ),
  idempotency_key_in_use: entry(
    'conflict_error',
    409,
    'A request with this Idempotency-Key is still being processed. Retry after it completes.',
  ),
  invalid_cursor: entry('invalid_request_error', 400, 'The pagination cursor does not name an item of this list.'),
  not_acceptable: entry('invalid_request_error', 406, 'The requested content type cannot be produced.'),
  malformed_path: entry(
    'invalid_request_error',
    400,
    'The request path is not valid: it holds a percent sign that does not start a valid %XX escape of UTF-8.',
  ),
  json_too_deep: entry(
    'invalid_request_error',
    400,
    'The JSON is nested too deeply: at most 64 levels of objects and arrays inside one another are allowed.',
  ),
  bad_request: entry('invalid_request_error', 400, 'The request could not be read.'),
  // Accounts and sessions
  missing_credentials: entry(
    'invalid_request_error',
    400,
    'You must provide either an email or phone number and a password',
  ),
  password_too_short: entry('invalid_request_error', 422, 'Password must be at least 8 characters long'),
  weak_password: entry('invalid_request_error', 422, 'Password is too weak'),
  email_required: entry('invalid_request_error', 400, 'Email is required'),
  invalid_email: entry('invalid_request_error', 400, 'Please enter a valid email address'),
  email_taken: entry('conflict_error', 409, 'A user with this email address has already been registered'),
  email_not_confirmed: entry('authentication_error', 401, 'Email not confirmed'),
  invalid_credentials: entry('authentication_error', 400, 'Invalid login credentials'),
  session_missing: entry('authentication_error', 401, 'Auth session missing!'),
  invalid_jwt: entry('authentication_error', 401, 'Invalid JWT'),
  invalid_refresh_token: entry('authentication_error', 401, 'Invalid Refresh Token'),
  refresh_token_reused: entry('authentication_error', 401, 'Invalid Refresh Token: Already Used'),
  reset_link_expired: entry('authentication_error', 401, 'Password reset link has expired. Please request a new one.'),
  verification_code_required: entry('invalid_request_error', 400, 'Please enter the verification code'),
  invalid_verification_code: entry('authentication_error', 422, 'Failed to verify the code. Please try again.'),
  mfa_required: entry('authentication_error', 401, 'Two-factor authentication is required to complete sign in.'),
  too_many_attempts: entry('rate_limit_error', 429, 'Too many attempts. Please wait and try again.'),
  invalid_api_key: entry('authentication_error', 401, 'Invalid API key'),
  captcha_required: entry('invalid_request_error', 400, 'CAPTCHA Required: Please complete the CAPTCHA verification.'),
  captcha_invalid: entry('invalid_request_error', 400, 'The CAPTCHA verification failed. Please try again.'),
  cross_site_request: entry(
    'permission_error',
    403,
    'This request did not come from a page of this site, so its session cookie was not used.',
  ),
  reauthentication_required: entry(
    'authentication_error',
    403,
    'Please confirm your password or a two-factor code to continue: this action needs a recent sign-in.',
  ),
  // Teams and roles
  forbidden: entry('permission_error', 403, 'Your role does not allow this action.'),
  cannot_remove_self: entry('permission_error', 403, 'You cannot remove yourself'),
  cannot_change_own_role: entry('permission_error', 403, 'You cannot change your own role'),
  owner_required: entry('permission_error', 403, 'Only the team owner can do this.'),
  already_member: entry('conflict_error', 409, 'This person is already a member of the team.'),
  // Embed tokens (the builder embedded in another app)
  invalid_embed_token: entry('authentication_error', 401, 'Invalid embed token'),
  embed_token_expired: entry(
    'authentication_error',
    401,
    'The embed token has expired. Ask your backend for a new one.',
  ),
  embed_scope: entry('permission_error', 403, 'An embed token cannot do this.'),
  embed_origin: entry('permission_error', 403, 'This embed token cannot be used from this origin.'),
  // Resources
  not_found: entry('not_found_error', 404, 'No such resource.'),
  template_not_found: entry('not_found_error', 404, 'No such template.'),
  version_not_found: entry('not_found_error', 404, 'No such template version.'),
  report_not_found: entry('not_found_error', 404, 'No such report.'),
  starter_not_found: entry('not_found_error', 404, 'No such starter template.'),
  job_not_found: entry('not_found_error', 404, 'No such job.'),
  batch_not_found: entry('not_found_error', 404, 'No such batch.'),
  data_source_not_found: entry('not_found_error', 404, 'No such data source.'),
  font_not_found: entry('not_found_error', 404, 'No such font family.'),
  webhook_endpoint_not_found: entry('not_found_error', 404, 'No such webhook endpoint.'),
  report_not_ready: entry('conflict_error', 409, 'The report has no file yet: it is still rendering or it failed.'),
  report_file_expired: entry('not_found_error', 410, "The report's file was deleted when its retention period ended."),
  file_link_invalid: entry(
    'permission_error',
    403,
    'This download link is not valid: it was changed or cut short. Ask for a new link.',
  ),
  file_link_expired: entry('permission_error', 403, 'This download link has expired. Ask for a new link.'),
  // Plans and usage
  plan_limit_exceeded: entry(
    'plan_limit_error',
    402,
    'Your plan limit has been reached. Upgrade your plan to continue.',
  ),
  plan_feature_unavailable: entry('plan_limit_error', 402, 'Your plan does not include this feature.'),
  plan_downgrade_blocked: entry(
    'conflict_error',
    409,
    'Your team has more than this plan allows. Remove what is over its limits before changing plan.',
  ),
  rate_limited: entry('rate_limit_error', 429, 'Too many requests. Please slow down.'),
  // Templates
  template_syntax_error: entry('template_error', 422, 'The template has a syntax error.'),
  template_render_error: entry('template_error', 422, 'The template could not be rendered with this data.'),
  template_limit_exceeded: entry('template_error', 422, 'The template exceeded a rendering limit.'),
  invalid_filter_argument: entry('template_error', 422, 'A filter was given a value it cannot use.'),
  template_too_deep: entry(
    'template_error',
    422,
    'The template nests too deeply: at most 256 HTML elements and 64 Liquid blocks may sit inside one another.',
  ),
  data_invalid: entry('invalid_request_error', 422, 'The data does not match the template schema.'),
  // Rendering
  render_timeout: entry('template_error', 422, 'The report took longer to render than the time limit allows.'),
  render_memory_exceeded: entry(
    'template_error',
    422,
    'The report needed more memory to render than the limit allows.',
  ),
  render_output_too_large: entry(
    'template_error',
    422,
    'The report is larger than your plan allows (pages or bytes of one report).',
  ),
  invalid_font: entry('invalid_request_error', 422, 'The font is not a TrueType, OpenType or WOFF font.'),
  chromium_not_found: entry(
    'api_error',
    503,
    'The Chromium engine is not available on this server: install Chromium (apt-get install chromium) or set QUIRE_CHROMIUM_PATH.',
  ),
  // Outside services and data sources
  outbound_blocked: entry(
    'invalid_request_error',
    400,
    'The address is not allowed: Quire does not connect to loopback, private, link-local or cloud metadata addresses.',
  ),
  data_source_error: entry('invalid_request_error', 422, 'The data source could not be read.'),
  data_source_timeout: entry('invalid_request_error', 422, 'The data source did not answer in time.'),
  billing_provider_error: entry('provider_error', 502, 'The billing provider could not change the plan.'),
  provider_unavailable: entry('provider_error', 503, 'The AI provider is unavailable. Please try again later.'),
  ai_timeout: entry(
    'provider_error',
    504,
    'The AI did not finish in time. Please try again, or ask for something smaller.',
  ),
  ai_answer_unusable: entry(
    'provider_error',
    502,
    "The AI's answers held no template that parses. Please try again or rephrase the request.",
  ),
  // Storage
  record_too_large: entry('invalid_request_error', 413, 'This is too large to store. Make it smaller and try again.'),
  store_unavailable: entry('api_error', 503, 'The database is not answering. Please try again shortly.'),
  // Everything else
  internal_error: entry('api_error', 500, 'Something went wrong on our side. Please try again later.'),
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;
export const ERROR_CODES = Object.keys(ERROR_CATALOGUE) as ErrorCode[];
