/**
 * The shapes of the Quire API, written from its OpenAPI document (GET /openapi.json) so that the client needs no
 * runtime dependency: requests (`…Params`) as the service accepts them, answers as it sends them. Times are ISO
 * 8601 strings in UTC.
 */

// ---------------------------------------------------------------------------------------------------------------
// Shared

export type PlanId = 'free' | 'starter' | 'professional' | 'enterprise';
export type Role = 'owner' | 'admin' | 'editor' | 'member' | 'viewer';
/** A role that can be given (to a member, an invitation or an API key): every role but owner. */
export type AssignableRole = Exclude<Role, 'owner'>;
/** A JSON Schema document (2020-12). */
export type JsonSchema = Record<string, unknown>;

/** One page of a cursor-paginated list: pass `next_cursor` as `starting_after` for the next one. */
export interface ListResponse<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

/**
 * A list as the service sends one that comes whole (members, API keys, teams, plans, starters); `list()` answers
 * it as one Page.
 */
export interface List<T> {
  object: 'list';
  data: T[];
}

export interface ListParams {
  /** Items per page, 1 to 100 (default 20). */
  limit?: number;
  /** The cursor of the previous page (`next_cursor`); iterating with `for await` follows it for you. */
  starting_after?: string;
}

export interface Deleted {
  id: string;
  deleted: true;
}

// ---------------------------------------------------------------------------------------------------------------
// Errors

export type ErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'permission_error'
  | 'not_found_error'
  | 'conflict_error'
  | 'plan_limit_error'
  | 'rate_limit_error'
  | 'template_error'
  | 'provider_error'
  | 'api_error';

/** Every error code of the API (core's catalogue); `APIError.code` may also be a newer one. */
export type ErrorCode =
  | 'validation_failed'
  | 'malformed_json'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'route_not_found'
  | 'idempotency_key_reused'
  | 'idempotency_key_in_use'
  | 'invalid_cursor'
  | 'not_acceptable'
  | 'malformed_path'
  | 'json_too_deep'
  | 'bad_request'
  | 'missing_credentials'
  | 'password_too_short'
  | 'weak_password'
  | 'email_required'
  | 'invalid_email'
  | 'email_taken'
  | 'email_not_confirmed'
  | 'invalid_credentials'
  | 'session_missing'
  | 'invalid_jwt'
  | 'invalid_refresh_token'
  | 'refresh_token_reused'
  | 'reset_link_expired'
  | 'verification_code_required'
  | 'invalid_verification_code'
  | 'mfa_required'
  | 'too_many_attempts'
  | 'invalid_api_key'
  | 'captcha_required'
  | 'captcha_invalid'
  | 'cross_site_request'
  | 'reauthentication_required'
  | 'forbidden'
  | 'cannot_remove_self'
  | 'cannot_change_own_role'
  | 'owner_required'
  | 'already_member'
  | 'invalid_embed_token'
  | 'embed_token_expired'
  | 'embed_scope'
  | 'embed_origin'
  | 'not_found'
  | 'template_not_found'
  | 'version_not_found'
  | 'report_not_found'
  | 'starter_not_found'
  | 'job_not_found'
  | 'batch_not_found'
  | 'data_source_not_found'
  | 'font_not_found'
  | 'webhook_endpoint_not_found'
  | 'report_not_ready'
  | 'report_file_expired'
  | 'file_link_invalid'
  | 'file_link_expired'
  | 'plan_limit_exceeded'
  | 'plan_feature_unavailable'
  | 'rate_limited'
  | 'template_syntax_error'
  | 'template_render_error'
  | 'template_limit_exceeded'
  | 'invalid_filter_argument'
  | 'template_too_deep'
  | 'data_invalid'
  | 'render_timeout'
  | 'render_memory_exceeded'
  | 'render_output_too_large'
  | 'invalid_font'
  | 'chromium_not_found'
  | 'outbound_blocked'
  | 'data_source_error'
  | 'data_source_timeout'
  | 'billing_provider_error'
  | 'plan_downgrade_blocked'
  | 'provider_unavailable'
  | 'ai_timeout'
  | 'ai_answer_unusable'
  | 'record_too_large'
  | 'store_unavailable'
  | 'internal_error';

/** The `error` object of a failed answer: `{ "error": { … } }`. Details (`limit`, `line`…) sit beside the fields. */
export interface ErrorObject {
  type: ErrorType;
  code: ErrorCode;
  message: string;
  param?: string;
  request_id: string;
  [detail: string]: unknown;
}

// ---------------------------------------------------------------------------------------------------------------
// Templates

export type TemplateKind = 'document' | 'email';

export interface Margins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** Page setup; millimetres. `width_mm`/`height_mm` go with `size: 'custom'`. */
export interface PageSetup {
  size: 'A4' | 'Letter' | 'Legal' | 'custom';
  width_mm?: number;
  height_mm?: number;
  orientation: 'portrait' | 'landscape';
  margins: Margins;
}

/** A page setup as a request takes it: every field has a default (A4, portrait, 20/18 mm margins). */
export type PageSetupParams = Partial<PageSetup>;

export interface TemplateContent {
  name: string;
  description: string;
  kind: TemplateKind;
  /** HTML with Liquid. */
  html: string;
  css: string;
  header_html: string;
  footer_html: string;
  page: PageSetup;
  sample_data: Record<string, unknown>;
  /** The edited JSON Schema of the data, or null to use the one inferred from the template. */
  data_schema: JsonSchema | null;
  /** Reports check their data against `data_schema` first, and refuse data that does not match (`data_invalid`). */
  validate_data: boolean;
  tags: string[];
}

export interface Template extends TemplateContent {
  id: string;
  team_id: string;
  published_version: number;
  latest_version: number;
  created_at: string;
  updated_at: string;
}

/** A template in a list: without its sources. */
export type TemplateSummary = Pick<
  Template,
  | 'id'
  | 'team_id'
  | 'name'
  | 'description'
  | 'kind'
  | 'tags'
  | 'published_version'
  | 'latest_version'
  | 'created_at'
  | 'updated_at'
>;

export interface TemplateContentParams {
  name?: string;
  description?: string;
  kind?: TemplateKind;
  html?: string;
  css?: string;
  header_html?: string;
  footer_html?: string;
  page?: PageSetupParams;
  sample_data?: Record<string, unknown>;
  data_schema?: JsonSchema | null;
  /** Refuse report data that does not match `data_schema` (422 `data_invalid`); needs a `data_schema`. */
  validate_data?: boolean;
  tags?: string[];
  /** The version's message, as in a commit. */
  message?: string;
}

export interface TemplateCreateParams extends TemplateContentParams {
  /** Copies a starter template (`invoice`, …); fields given beside it replace the starter's. */
  starter_id?: string;
}

export interface TemplateUpdateParams extends TemplateContentParams {
  /** Publish the new version at once (default true); false saves a draft. */
  publish?: boolean;
}

export interface TemplateListParams extends ListParams {
  /** Words of the name or description. */
  q?: string;
  tag?: string;
}

export interface TemplateVersionSummary {
  template_id: string;
  version: number;
  message: string;
  created_by: string | null;
  created_at: string;
}

export interface TemplateVersion extends TemplateVersionSummary {
  content: TemplateContent;
}

export interface TemplateSchema {
  object: 'template_schema';
  template_id: string;
  version: number;
  /** The schema in use: the edited one, else the inferred one. */
  schema: JsonSchema;
  inferred: JsonSchema;
  edited: JsonSchema | null;
}

export interface TemplateSchemaUpdateParams {
  schema: JsonSchema;
  message?: string;
  publish?: boolean;
}

export interface TemplateTypes {
  object: 'template_types';
  template_id: string;
  version: number;
  /** The root type's name: the template's name in PascalCase and `Data` (`InvoiceData`). */
  type_name: string;
  /** The TypeScript declaration. */
  typescript: string;
}

export interface VersionParams {
  /** Default: the latest version. */
  version?: number;
}

export interface RenderWarning {
  code: string;
  message: string;
  line?: number;
  column?: number;
}

export interface RenderTimings {
  queue_ms?: number;
  template_ms: number;
  layout_ms: number;
  output_ms: number;
  total_ms: number;
}

export type ReportFormat = 'pdf' | 'html' | 'email';

export interface TemplatePreviewParams<Data = Record<string, unknown>> {
  /** Default: the template's sample data. */
  data?: Data;
  version?: number;
  format?: ReportFormat;
}

export interface TemplatePreview {
  object: 'template_preview';
  template_id: string;
  version: number;
  format: ReportFormat;
  content_type: string;
  pages: number | null;
  warnings: RenderWarning[];
  timings: RenderTimings;
  content_base64: string;
}

export interface TemplateCheckParams<Data = Record<string, unknown>> {
  data?: Data;
  version?: number;
}

export interface CheckFinding {
  code: string;
  severity: 'error' | 'warning' | 'info';
  message: string;
  path?: string;
  line?: number;
  column?: number;
}

export interface TemplateCheck {
  object: 'template_check';
  template_id: string;
  version: number;
  ok: boolean;
  pages: number | null;
  findings: CheckFinding[];
}

export interface Starter extends TemplateContent {
  id: string;
}

export type StarterSummary = Pick<Starter, 'id' | 'name' | 'description' | 'kind' | 'tags' | 'page'>;

// ---------------------------------------------------------------------------------------------------------------
// Typed templates

/**
 * Template id → the type of its data. Empty here; `quire-client types pull` writes a declaration file that fills
 * it in for a team's templates:
 *
 * ```ts
 * declare module '@quire/client' {
 *   interface TemplateDataMap {
 *     tpl_H3kq9ZxT2mVb7NcW: InvoiceData;
 *   }
 * }
 * ```
 *
 * Then `client.reports.create({ template_id: 'tpl_H3kq9ZxT2mVb7NcW', data })` checks `data` against
 * `InvoiceData`; ids the map does not know take any object.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by module augmentation (the generated declarations).
export interface TemplateDataMap {}

/** The ids of the templates whose types were pulled. */
export type KnownTemplateId = keyof TemplateDataMap & string;

/** The data of a template: its pulled type when the id is known, else any object. */
export type TemplateData<Id extends string> = Id extends KnownTemplateId
  ? TemplateDataMap[Id]
  : Record<string, unknown>;

// ---------------------------------------------------------------------------------------------------------------
// Reports

export type ReportStatus = 'queued' | 'rendering' | 'succeeded' | 'failed';

export interface DataSourceRef {
  id: string;
  /** Values of the source's `{{ placeholders }}`. */
  params?: Record<string, unknown>;
}

/** One report to render: a template with its data (typed per template, see TemplateDataMap) or a data source. */
export type ReportItemParams<Id extends string = string> = {
  template_id: Id;
  /** Default: the published version. */
  version?: number;
  /** Default: pdf for documents, email for email templates. */
  format?: ReportFormat;
  /** The file's name (its extension is added). */
  filename?: string;
  metadata?: Record<string, string>;
} & ({ data: TemplateData<Id>; data_source?: never } | { data_source: DataSourceRef; data?: never }); // Exactly one of the two.

export type ReportCreateParams<Id extends string = string> = ReportItemParams<Id> & {
  /** Queue the render and answer its job at once (default false: render, then answer the report). */
  async?: boolean;
  /** Also tell this URL when the report settles (report.completed / report.failed). */
  webhook_url?: string;
};

export interface Report {
  object: 'report';
  id: string;
  team_id: string;
  template_id: string;
  template_version: number;
  format: ReportFormat;
  status: ReportStatus;
  filename: string;
  content_type: string | null;
  bytes: number | null;
  pages: number | null;
  timings: RenderTimings | null;
  warnings: RenderWarning[];
  error: { code: string; message: string } | null;
  metadata: Record<string, string>;
  created_at: string;
  completed_at: string | null;
  download_url: string | null;
  file_expires_at: string | null;
  file_expired_at: string | null;
  data_source_id: string | null;
  job_id: string | null;
  batch_id: string | null;
  /** The data it was made from, values its schema marks `writeOnly` as "********"; null from a data source. */
  data: Record<string, unknown> | null;
  data_source_params: Record<string, unknown> | null;
  /** Who asked for it: a person (name: their email), an API key, an agent through MCP, an embed token. */
  source: { type: 'user' | 'api_key' | 'mcp' | 'embed'; id: string; name: string | null } | null;
}

/** A signed link to a report's file: GET `url` with no credentials until `expires_at` (15 minutes). */
export interface ReportFileLink {
  object: 'report_file_link';
  report_id: string;
  url: string;
  expires_at: string;
}

/** GET /v1/reports/daily: reports per day (UTC) by status, oldest day first. */
export interface ReportDays {
  object: 'report_days';
  days: { date: string; queued: number; rendering: number; succeeded: number; failed: number }[];
}

export interface ReportListParams extends ListParams {
  template_id?: string;
  status?: ReportStatus;
  batch_id?: string;
  /** ISO 8601 (or a Date). */
  created_after?: string | Date;
  created_before?: string | Date;
}

export interface Job {
  object: 'job';
  id: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  attempts: number;
  max_attempts: number;
  report_id: string;
  batch_id: string | null;
  error: { code: string; message: string } | null;
  run_at: string;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

export interface BatchCreateParams<Ids extends readonly string[] = string[]> {
  /** 1 to the service's maximum; each item typed by its own template. */
  items: { [K in keyof Ids]: ReportItemParams<Ids[K]> };
  webhook_url?: string;
}

export interface Batch {
  object: 'batch';
  id: string;
  status: 'queued' | 'running' | 'succeeded' | 'partially_failed' | 'failed';
  total: number;
  queued: number;
  rendering: number;
  succeeded: number;
  failed: number;
  reports: string[];
  webhook_url: string | null;
  created_at: string;
  completed_at: string | null;
}

// ---------------------------------------------------------------------------------------------------------------
// AI authoring

/** What the authoring loop is doing: writing (the model answers), checking, repairing; then done, or error. */
export type AiStage = 'writing' | 'checking' | 'repairing' | 'done' | 'error';

/** What the data will look like: exactly one of a sample, a data source (with its params), or a JSON Schema. */
export type AiDataHint =
  | { data_sample: Record<string, unknown> | unknown[]; data_source_id?: never; params?: never; schema?: never }
  | { data_source_id: string; params?: Record<string, unknown>; data_sample?: never; schema?: never }
  | { schema: JsonSchema; data_sample?: never; data_source_id?: never; params?: never };

export type AiGenerateParams = {
  /** What the template is for, in words (at most 4,000 characters). */
  prompt: string;
  /** Default `document`. */
  kind?: TemplateKind;
  /** Default: the model's choice, else A4 portrait. */
  page?: PageSetupParams;
  /** Default: the model's. */
  name?: string;
} & (AiDataHint | NoDataHint);

/** A sentence alone: the writer proposes the data too (its sample comes back as the template's sample data). */
export type NoDataHint = { data_sample?: never; data_source_id?: never; params?: never; schema?: never };

/** The data a check rendered with: the sample, or one of the generated edge cases. */
export type AiDataSet =
  | 'sample'
  | 'empty_lists'
  | 'long_lists'
  | 'long_text'
  | 'long_words'
  | 'missing_optional'
  | 'non_latin'
  | 'cjk';

export interface AiFinding extends Omit<CheckFinding, 'code'> {
  /** content_overflow, missing_variable, missing_glyphs, too_many_pages, a template error… */
  code: string;
  /** Whether it was sent back to the model for repair. */
  serious: boolean;
  /** A limit of Quire rather than of the template (CJK glyphs: no CJK font is bundled). */
  known_limitation?: boolean;
}

/** What the verify loop checked on the template the AI wrote, what it asked to repair, and what is left. */
export interface AiReport {
  provider: string;
  model: string;
  /** Every answer of the model: the first, then each repair. */
  rounds: { round: number; task: 'generate' | 'refine' | 'repair'; problems: string[] }[];
  kept_round: number;
  checked: {
    check: 'answer' | 'sanitise' | 'liquid_syntax' | 'sample_data' | 'render' | 'intent';
    data_set?: AiDataSet;
    description: string;
    ok: boolean;
    pages?: number | null;
    findings: AiFinding[];
    /** `intent`: what the request asked for, one item each, and the items the template holds. */
    asked?: string[];
    found?: string[];
  }[];
  remaining: (AiFinding & { data_sets: AiDataSet[] })[];
  /** What the sanitiser took out (scripts, event handlers, remote URLs…). */
  sanitised: {
    part: 'html' | 'css' | 'header_html' | 'footer_html';
    what: 'element' | 'event_handler' | 'script_url' | 'remote_url' | 'import';
    detail: string;
  }[];
  notes: string[];
}

export interface AiGenerateResult {
  object: 'ai_generation';
  /** The new template: version 1, published, tagged ai-generated. */
  template: Template;
  /** The AI's words to the user. */
  reply: string;
  report: AiReport;
}

/** A message of a template's AI conversation. */
export interface TemplateMessage {
  object: 'ai_message';
  id: string;
  template_id: string;
  role: 'user' | 'assistant';
  content: string;
  /** The version an assistant turn saved. */
  version: number | null;
  report: AiReport | null;
  /** The user who asked; null for an API key and for assistant turns. */
  created_by: string | null;
  created_at: string;
}

export interface TemplateMessageCreateParams {
  /** What to change, in words (at most 4,000 characters). */
  content: string;
}

export interface TemplateMessageListParams extends ListParams {
  /** `asc` (the default): oldest first, as a conversation reads. */
  order?: 'asc' | 'desc';
}

/** An AI turn: its message, the template after it and the version it saved. */
export interface TemplateMessageResult {
  object: 'ai_turn';
  /** False when the answer changed nothing: no version was saved (HTTP 200), and `version` is the latest. */
  changed: boolean;
  message: TemplateMessage;
  template: Template;
  version: number;
  /** False when serious findings remain: the version is then a draft. */
  published: boolean;
  report: AiReport;
}

/** An event of an AI stream: progress, the model's text as it is written, then the result. */
export type AiStreamEvent<Result> =
  | { type: 'progress'; stage: AiStage; round?: number; reasons?: string[] }
  | { type: 'delta'; round: number; text: string }
  | { type: 'done'; result: Result };

// ---------------------------------------------------------------------------------------------------------------
// Data sources

interface DataSourceBase {
  object: 'data_source';
  id: string;
  name: string;
  description: string | null;
  /** The last connection test (`test()`); null when none since the settings last changed. */
  last_test: { tested_at: string; ok: boolean; error_code: string | null } | null;
  created_at: string;
  updated_at: string;
}

export interface SqlConnection {
  host: string;
  port: number;
  database: string;
  user: string;
  ssl: 'disable' | 'verify' | 'no-verify';
}

export type DataSource =
  | (DataSourceBase & {
      type: 'http';
      method: 'GET' | 'POST';
      url: string;
      /** Header values are never shown again. */
      headers: Record<string, '********'>;
      query: Record<string, string | number | boolean>;
      body: unknown;
      data_path: string;
      timeout_ms: number;
    })
  | (DataSourceBase & {
      type: 'postgres' | 'mysql';
      connection: SqlConnection;
      query: string;
      params: string[];
      timeout_ms: number;
      row_limit: number;
    })
  | (DataSourceBase & {
      type: 'static';
      format: 'json' | 'csv';
      size_bytes: number;
      data_path?: string;
      delimiter?: string;
    });

export type DataSourceCreateParams =
  | {
      type: 'http';
      name: string;
      description?: string | null;
      method?: 'GET' | 'POST';
      url: string;
      headers?: Record<string, string>;
      query?: Record<string, string | number | boolean>;
      body?: unknown;
      data_path?: string;
      timeout_ms?: number;
    }
  | {
      type: 'postgres' | 'mysql';
      name: string;
      description?: string | null;
      connection_string: string;
      query: string;
      params?: string[];
      timeout_ms?: number;
      row_limit?: number;
    }
  | {
      type: 'static';
      name: string;
      description?: string | null;
      format: 'json' | 'csv';
      content: string;
      data_path?: string;
      delimiter?: ',' | ';' | '\t' | '|';
    };

/** Fields left out stay as they are; an HTTP header set to null is removed. */
export type DataSourceUpdateParams =
  | (Partial<Omit<Extract<DataSourceCreateParams, { type: 'http' }>, 'headers'>> & {
      headers?: Record<string, string | null>;
    })
  | Partial<Extract<DataSourceCreateParams, { type: 'postgres' | 'mysql' }>>
  | Partial<Extract<DataSourceCreateParams, { type: 'static' }>>;

export interface DataSourceTestResult {
  ok: boolean;
  latency_ms: number;
  error?: { code: 'data_source_error' | 'data_source_timeout'; message: string };
}

export interface DataSourcePreview {
  object: 'data_source_preview';
  rows: unknown[];
  row_count: number;
  truncated: boolean;
  schema: JsonSchema;
}

// ---------------------------------------------------------------------------------------------------------------
// API keys, teams

export interface ApiKey {
  object: 'api_key';
  id: string;
  name: string;
  role: AssignableRole;
  /** The first characters of the secret, to recognise it. */
  prefix: string;
  /** The user who created it: the key belongs to the team, and is revoked when that member leaves it. */
  created_by: string;
  created_at: string;
  last_used_at: string | null;
  /** Browser origins (`https://app.example.com`) the embed tokens it mints may be used from, besides the service's. */
  allowed_origins: string[];
}

export interface ApiKeyCreateParams {
  name: string;
  role: AssignableRole;
  /** Browser origins its embed tokens may be used from: scheme, host and a port that is not the default. At most 20. */
  allowed_origins?: string[];
}

/** A key's name, or the origins its embed tokens may be used from (applies at once, to live tokens too). */
export interface ApiKeyUpdateParams {
  name?: string;
  allowed_origins?: string[];
}

// ---------------------------------------------------------------------------------------------------------------
// Embed tokens

/**
 * What an embed token may do besides reading its templates: `edit` (drafts, the data schema; with `new_templates`,
 * new templates), `publish`, `ai` (writing and refining with the AI), `preview` (previews and checks).
 */
export type EmbedPermission = 'edit' | 'publish' | 'ai' | 'preview';

export interface EmbedTokenCreateParams {
  /** Templates of the team it may open (at most 100). */
  template_ids?: string[];
  /** Whether it may create templates (they join its scope). Give this or `template_ids`. */
  new_templates?: boolean;
  /** Default none: reading only. Each needs the minter's role to allow it. */
  permissions?: EmbedPermission[];
  /** Seconds it lasts: 60 to 3600, default 900. */
  expires_in?: number;
}

/** A minted embed token: hand `token` to the browser (`<QuireProvider getToken>`); it is shown only here. */
export interface EmbedToken {
  object: 'embed_token';
  id: string;
  /** `qe_…`: the bearer token for the embedded builder. */
  token: string;
  team_id: string;
  template_ids: string[];
  new_templates: boolean;
  permissions: EmbedPermission[];
  /** The browser origins the minting key names (besides the service's own). */
  allowed_origins: string[];
  /** The key that minted it; null when a person did. */
  api_key_id: string | null;
  created_at: string;
  expires_at: string;
  expires_in: number;
}

export interface Team {
  object: 'team';
  id: string;
  name: string;
  plan: PlanId;
  personal: boolean;
  /** The caller's role in it. */
  role: Role;
  created_at: string;
  /**
   * What the caller's role may do in it (`templates:write`, `reports:create`…): answered by `team.get()` (GET
   * /v1/team), not by `team.list()`.
   */
  permissions?: string[];
}

export interface Member {
  object: 'member';
  user_id: string;
  email: string;
  /** The member's full name, as on their profile; null if unset. */
  name: string | null;
  role: Role;
  status: 'active' | 'suspended';
  joined_at: string;
}

export interface Invitation {
  object: 'invitation';
  id: string;
  email: string;
  role: AssignableRole;
  status: 'pending' | 'accepted' | 'revoked' | 'expired';
  invited_by: string;
  created_at: string;
  expires_at: string;
}

export interface InvitationCreateParams {
  email: string;
  /** Default `member`. */
  role?: AssignableRole;
}

// ---------------------------------------------------------------------------------------------------------------
// Plans, usage, subscription, audit

export interface PlanLimits {
  templates: number;
  reports_per_month: number;
  api_calls_per_month: number;
  ai_requests_per_month: number;
  members: number;
}

export interface PlanFeatures {
  ai_generation: boolean;
  mcp: boolean;
  api: 'basic' | 'advanced';
  priority_support: boolean;
  custom_integrations: boolean;
}

/** How much of the render workers a team may use, and how large and long one render may be. */
export interface PlanRendering {
  /** Renders of the team that run at once on one service process (reports and previews each). */
  concurrent_renders: number;
  /** The longest one render may run; it is then stopped with `render_timeout`. */
  render_time_limit_ms: number;
  pdf_max_pages: number;
  pdf_max_bytes: number;
  /** Bytes of one HTML or email report. */
  html_max_bytes: number;
}

/** The font families a team may upload (`client.fonts`) and how large they may be. */
export interface PlanFonts {
  /** Font families the team may keep. */
  families: number;
  /** Bytes of one face (normal, bold, italics or bolditalics). */
  face_max_bytes: number;
  /** Bytes of all the team's faces together. */
  total_max_bytes: number;
}

export interface Plan {
  id: PlanId;
  name: string;
  price_usd_monthly: number;
  description: string;
  features: string[];
  cta: string;
  popular: boolean;
  limits: PlanLimits;
  rendering: PlanRendering;
  fonts: PlanFonts;
  includes: PlanFeatures;
}

export interface Usage {
  object: 'usage';
  plan: PlanId;
  /** The calendar month (UTC) the monthly counters cover. */
  period: { start: string; end: string };
  usage: Record<keyof PlanLimits, { used: number; limit: number }>;
  features: Partial<PlanFeatures>;
}

export interface Subscription {
  object: 'subscription';
  plan: PlanId;
  status: 'active' | 'pending';
  provider: string;
  /** Where to pay, when a hosted deployment answers `pending`. */
  checkout_url?: string;
  plans?: Plan[];
}

export interface SubscriptionChangeParams {
  /** The plan to move the team to. */
  plan: PlanId;
}

export interface AuditEntry {
  object: 'audit_entry';
  id: string;
  action: string;
  actor: { type: 'user' | 'api_key'; id: string };
  target: { type: string; id: string };
  details: Record<string, unknown>;
  created_at: string;
}

export interface AuditLogListParams extends ListParams {
  action?: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Webhooks

export type WebhookEventType = 'report.completed' | 'report.failed';

export interface WebhookEndpoint {
  object: 'webhook_endpoint';
  id: string;
  url: string;
  events: WebhookEventType[];
  description: string | null;
  enabled: boolean;
  created_at: string;
  updated_at: string;
  secret_rotated_at: string | null;
}

/** An endpoint with its signing secret: only in the answers that create or rotate it. */
export interface WebhookEndpointWithSecret extends WebhookEndpoint {
  secret: string;
  previous_secret_expires_at: string | null;
}

export interface WebhookEndpointCreateParams {
  url: string;
  /** Default: every event. */
  events?: WebhookEventType[];
  description?: string;
  enabled?: boolean;
}

export interface WebhookEndpointUpdateParams {
  url?: string;
  events?: WebhookEventType[];
  description?: string | null;
  enabled?: boolean;
}

export interface RotateSecretParams {
  /** How long the old secret keeps signing too (seconds). */
  overlap_seconds?: number;
}

export interface WebhookSigningSecret {
  object: 'webhook_signing_secret';
  secret: string;
  created_at: string;
  rotated_at: string | null;
  previous_secret_expires_at: string | null;
}

export interface WebhookDelivery {
  object: 'webhook_delivery';
  id: string;
  event_id: string;
  type: WebhookEventType | 'webhook.test';
  report_id: string | null;
  endpoint_id: string | null;
  url: string;
  state: 'pending' | 'succeeded' | 'failed';
  attempts: {
    at: string;
    status: number | null;
    duration_ms: number;
    error: { code: string; message: string } | null;
  }[];
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookDeliveryListParams extends ListParams {
  report_id?: string;
  endpoint_id?: string;
  state?: WebhookDelivery['state'];
}

/** The JSON body of a webhook request. */
export type WebhookEvent =
  | { id: string; type: WebhookEventType; created_at: string; data: { object: Report } }
  | {
      id: string;
      type: 'webhook.test';
      created_at: string;
      data: { object: { object: 'webhook_test'; endpoint_id: string; message: string } };
    };

// ---------------------------------------------------------------------------------------------------------------
// Fonts

/** The faces of a font family. */
export type FontFaceName = 'normal' | 'bold' | 'italics' | 'bolditalics';

/** An uploaded face of a font family. */
export interface FontFamilyFace {
  bytes: number;
  /** SHA-256 of the file, hex. */
  sha256: string;
  content_type: 'font/ttf' | 'font/otf' | 'font/woff' | 'font/woff2';
  uploaded_at: string;
}

/** A font family of the team: templates name it in CSS `font-family`, and every render of the team draws with it. */
export interface FontFamily {
  object: 'font_family';
  id: string;
  name: string;
  faces: Record<FontFaceName, FontFamilyFace | null>;
  total_bytes: number;
  created_at: string;
  updated_at: string;
}

export interface FontUploadParams {
  /** The family name CSS uses (`Brand Sans`): letters, digits, spaces, `-`, `_`, `.`; at most 64 characters. */
  family: string;
  /** Default `normal`; a family's first upload must be its normal face. */
  face?: FontFaceName;
  /** The TTF, OTF or WOFF file: bytes (base64-encoded for you) or a base64 string. */
  data: Uint8Array | ArrayBuffer | string;
}
