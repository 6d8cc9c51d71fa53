import type { RequestOptions } from '../core/request';
import { APIResource } from '../core/resource';
import { ReportFile } from '../files';
import { path } from '../internal/utils';
import type { PagePromise } from '../pagination';
import type { AiStream } from '../sse';
import type {
  Deleted,
  ListParams,
  Template,
  TemplateCheck,
  TemplateCheckParams,
  TemplateCreateParams,
  TemplateData,
  TemplateListParams,
  TemplateMessage,
  TemplateMessageCreateParams,
  TemplateMessageListParams,
  TemplateMessageResult,
  TemplatePreview,
  TemplatePreviewParams,
  TemplateSchema,
  TemplateSchemaUpdateParams,
  TemplateSummary,
  TemplateTypes,
  TemplateUpdateParams,
  TemplateVersion,
  TemplateVersionSummary,
  VersionParams,
} from '../types';
import { FILE_TYPES, openStream } from './shared';

/** HTML + Liquid templates: immutable versions, a published version, the JSON Schema of their data. */
export class Templates extends APIResource {
  readonly versions: TemplateVersions = new TemplateVersions(this._client);
  /** The AI conversation of a template: each message makes a new version. */
  readonly messages: TemplateMessages = new TemplateMessages(this._client);

  /** Creates a template: blank (`{ name }`), from HTML, or from a starter (`{ starter_id: 'invoice' }`). */
  create(body: TemplateCreateParams, options?: RequestOptions): Promise<Template> {
    return this._post('/v1/templates', body, options);
  }

  get(id: string, options?: RequestOptions): Promise<Template> {
    return this._get(path`/v1/templates/${id}`, undefined, options);
  }

  /** The team's templates, newest first, without their sources. */
  list(query?: TemplateListParams, options?: RequestOptions): PagePromise<TemplateSummary> {
    return this._list('/v1/templates', query, options);
  }

  /** Saves a new version (published at once unless `publish: false`); fields left out stay as they are. */
  update(id: string, body: TemplateUpdateParams, options?: RequestOptions): Promise<Template> {
    return this._patch(path`/v1/templates/${id}`, body, options);
  }

  delete(id: string, options?: RequestOptions): Promise<Deleted> {
    return this._delete(path`/v1/templates/${id}`, options);
  }

  duplicate(id: string, body: { name?: string } = {}, options?: RequestOptions): Promise<Template> {
    return this._post(path`/v1/templates/${id}/duplicate`, body, options);
  }

  /** Makes a version the one reports use by default. */
  publish(id: string, version: number, options?: RequestOptions): Promise<Template> {
    return this._post(path`/v1/templates/${id}/publish`, { version }, options);
  }

  /** The JSON Schema of the template's data: the edited one, else the one inferred from its variables. */
  getSchema(id: string, query?: VersionParams, options?: RequestOptions): Promise<TemplateSchema> {
    return this._get(path`/v1/templates/${id}/schema`, query, options);
  }

  /** Saves an edited JSON Schema (a new version). */
  updateSchema(id: string, body: TemplateSchemaUpdateParams, options?: RequestOptions): Promise<TemplateSchema> {
    return this._put(path`/v1/templates/${id}/schema`, body, options);
  }

  /** A TypeScript declaration of the template's data (what `quire-client types pull` writes). */
  getTypes(id: string, query?: VersionParams, options?: RequestOptions): Promise<TemplateTypes> {
    return this._get(path`/v1/templates/${id}/types`, query, options);
  }

  /** Renders a version (default the latest) without making a report: the file in base64. */
  preview<Id extends string>(
    id: Id,
    body: TemplatePreviewParams<TemplateData<Id>> = {},
    options?: RequestOptions,
  ): Promise<TemplatePreview> {
    return this._post(path`/v1/templates/${id}/preview`, body, options);
  }

  /** The preview as a file: PDF unless `format` says `html` (or `email`, for email templates). */
  async previewFile<Id extends string>(
    id: Id,
    body: TemplatePreviewParams<TemplateData<Id>> = {},
    options?: RequestOptions,
  ): Promise<ReportFile> {
    const response = await this._client.request(
      {
        method: 'POST',
        path: path`/v1/templates/${id}/preview`,
        body,
        accept: FILE_TYPES[body.format ?? 'pdf'],
        idempotent: true,
        raw: true,
      },
      options,
    );
    return new ReportFile(response);
  }

  /** What is missing, unused, unsupported or overflowing, for the given data (default the sample data). */
  check<Id extends string>(
    id: Id,
    body: TemplateCheckParams<TemplateData<Id>> = {},
    options?: RequestOptions,
  ): Promise<TemplateCheck> {
    return this._post(path`/v1/templates/${id}/check`, body, options);
  }
}

export class TemplateVersions extends APIResource {
  /** The template's history, newest first (`starting_after` is a version number). */
  list(id: string, query?: ListParams, options?: RequestOptions): PagePromise<TemplateVersionSummary> {
    return this._list(path`/v1/templates/${id}/versions`, query, options);
  }

  get(id: string, version: number, options?: RequestOptions): Promise<TemplateVersion> {
    return this._get(path`/v1/templates/${id}/versions/${version}`, undefined, options);
  }

  /** Saves an old version's content as a new version. */
  restore(id: string, version: number, body: { message?: string } = {}, options?: RequestOptions): Promise<Template> {
    return this._post(path`/v1/templates/${id}/versions/${version}/restore`, body, options);
  }
}

export class TemplateMessages extends APIResource {
  /** Asks the AI to change the template: answers its reply, the version it saved and the template after it. */
  create(id: string, body: TemplateMessageCreateParams, options?: RequestOptions): Promise<TemplateMessageResult> {
    return this._post(path`/v1/templates/${id}/messages`, body, options);
  }

  /** `create`, streamed: progress, text as it is written, then `done` with the result. */
  stream(id: string, body: TemplateMessageCreateParams, options?: RequestOptions): AiStream<TemplateMessageResult> {
    return openStream(this._client, path`/v1/templates/${id}/messages`, body, options);
  }

  /** The template's conversation, oldest first (`order: 'desc'` for newest first). */
  list(id: string, query?: TemplateMessageListParams, options?: RequestOptions): PagePromise<TemplateMessage> {
    return this._list(path`/v1/templates/${id}/messages`, query, options);
  }
}
