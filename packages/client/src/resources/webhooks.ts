import type { RequestOptions } from '../core/request';
import { APIResource } from '../core/resource';
import { path } from '../internal/utils';
import type { PagePromise } from '../pagination';
import type {
  ListParams,
  RotateSecretParams,
  WebhookDelivery,
  WebhookDeliveryListParams,
  WebhookEndpoint,
  WebhookEndpointCreateParams,
  WebhookEndpointUpdateParams,
  WebhookEndpointWithSecret,
  WebhookEvent,
  WebhookSigningSecret,
} from '../types';
import { type HeadersLike, unwrapWebhook, type VerifyWebhookOptions } from '../webhook-signature';

/** Signed report.completed and report.failed events: where they go, what was delivered, and verifying them. */
export class Webhooks extends APIResource {
  readonly endpoints: WebhookEndpoints = new WebhookEndpoints(this._client);
  readonly deliveries: WebhookDeliveries = new WebhookDeliveries(this._client);

  /** The team's signing secret (for `webhook_url`s of reports and batches). */
  getSigningSecret(options?: RequestOptions): Promise<WebhookSigningSecret> {
    return this._get('/v1/webhook-endpoints/team-secret', undefined, options);
  }

  rotateSigningSecret(body: RotateSecretParams = {}, options?: RequestOptions): Promise<WebhookSigningSecret> {
    return this._post('/v1/webhook-endpoints/team-secret/rotate', body, options);
  }

  /**
   * Verifies a webhook request (its raw body and its headers) and answers the event; throws
   * WebhookVerificationError when it does not verify.
   */
  unwrap(
    body: string | Uint8Array,
    headers: HeadersLike,
    secret: string | readonly string[],
    options?: Pick<VerifyWebhookOptions, 'toleranceSeconds' | 'now'>,
  ): Promise<WebhookEvent> {
    return unwrapWebhook(body, headers, secret, options);
  }
}

export class WebhookEndpoints extends APIResource {
  /** Creates an endpoint; its signing `secret` is in this answer only. */
  create(body: WebhookEndpointCreateParams, options?: RequestOptions): Promise<WebhookEndpointWithSecret> {
    return this._post('/v1/webhook-endpoints', body, options);
  }

  get(id: string, options?: RequestOptions): Promise<WebhookEndpoint> {
    return this._get(path`/v1/webhook-endpoints/${id}`, undefined, options);
  }

  list(query?: ListParams, options?: RequestOptions): PagePromise<WebhookEndpoint> {
    return this._list('/v1/webhook-endpoints', query, options);
  }

  update(id: string, body: WebhookEndpointUpdateParams, options?: RequestOptions): Promise<WebhookEndpoint> {
    return this._patch(path`/v1/webhook-endpoints/${id}`, body, options);
  }

  delete(id: string, options?: RequestOptions): Promise<WebhookEndpoint & { deleted: true }> {
    return this._delete(path`/v1/webhook-endpoints/${id}`, options);
  }

  /** A new secret; the old one keeps signing for `overlap_seconds`. */
  rotateSecret(
    id: string,
    body: RotateSecretParams = {},
    options?: RequestOptions,
  ): Promise<WebhookEndpointWithSecret> {
    return this._post(path`/v1/webhook-endpoints/${id}/rotate-secret`, body, options);
  }

  /** Sends a `webhook.test` event to the endpoint and answers the delivery. */
  test(id: string, options?: RequestOptions): Promise<WebhookDelivery> {
    return this._post(path`/v1/webhook-endpoints/${id}/test`, undefined, options);
  }
}

export class WebhookDeliveries extends APIResource {
  list(query?: WebhookDeliveryListParams, options?: RequestOptions): PagePromise<WebhookDelivery> {
    return this._list('/v1/webhook-deliveries', query, options);
  }

  get(id: string, options?: RequestOptions): Promise<WebhookDelivery> {
    return this._get(path`/v1/webhook-deliveries/${id}`, undefined, options);
  }

  /** Delivers a failed (or pending) event again now. */
  retry(id: string, options?: RequestOptions): Promise<WebhookDelivery> {
    return this._post(path`/v1/webhook-deliveries/${id}/retry`, undefined, options);
  }
}
