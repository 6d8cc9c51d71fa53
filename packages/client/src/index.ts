export { type ClientOptions, Quire } from './client';
export {
  APIConnectionError,
  APIError,
  type APIErrorInit,
  APITimeoutError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  PlanLimitError,
  QuireClientError,
  RateLimitError,
  UnprocessableEntityError,
} from './core/errors';
export type { Fetch, HttpMethod, RequestOptions, RequestSpec } from './core/request';
export { ReportFile } from './files';
export { Page, PagePromise } from './pagination';
export type { AI } from './resources/ai';
export type { ApiKeys } from './resources/api-keys';
export type { DataSources } from './resources/data-sources';
export type { EmbedTokens } from './resources/embed-tokens';
export type { Fonts } from './resources/fonts';
export type { Batches, Jobs, Reports } from './resources/reports';
export type { Invitations, Members, Team } from './resources/team';
export type { TemplateMessages, Templates, TemplateVersions } from './resources/templates';
export type { AuditLog, Plans, Starters, Subscription, Usage } from './resources/usage';
export type { WebhookDeliveries, WebhookEndpoints, Webhooks } from './resources/webhooks';
export { AiStream, parseSSE, type ServerSentEvent } from './sse';
// The data types that share their names with resource classes above, which win under those names.
export type {
  Subscription as SubscriptionObject,
  Team as TeamObject,
  Usage as UsageObject,
} from './types';
export * from './types';
export {
  type HeadersLike,
  unwrapWebhook,
  type VerifyWebhookOptions,
  type VerifyWebhookResult,
  verifyWebhook,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookVerificationError,
} from './webhook-signature';
