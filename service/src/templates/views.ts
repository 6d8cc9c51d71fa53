import type { Template, TemplateContent, TemplateVersion } from '@quire/core';
import type { DataSchema } from './data-schema';
import { fromStoredContent, type TemplateRecord, type VersionRecord } from './model';
import type { TemplateSchemaAnswer, TemplateSummary, TemplateVersionSummary } from './responses';

/** The API's snake_case views, in the shapes of core's Template and TemplateVersion: stored names stay internal. */

/** A template with its latest version's content (the working copy); `published_version` is what reports render. */
export function templateView(template: TemplateRecord, latest: TemplateContent): Template {
  return {
    id: template.id,
    team_id: template.teamId,
    ...latest,
    published_version: template.publishedVersion,
    latest_version: template.latestVersion,
    created_at: template.createdAt,
    updated_at: template.updatedAt,
  };
}

export function summaryView(template: TemplateRecord): TemplateSummary {
  return {
    id: template.id,
    team_id: template.teamId,
    name: template.name,
    description: template.description,
    kind: template.kind,
    tags: [...template.tags],
    published_version: template.publishedVersion,
    latest_version: template.latestVersion,
    created_at: template.createdAt,
    updated_at: template.updatedAt,
  };
}

export function versionView(version: VersionRecord): TemplateVersion {
  return {
    template_id: version.templateId,
    version: version.version,
    content: fromStoredContent(version.content),
    message: version.message,
    created_by: version.createdBy,
    created_at: version.createdAt,
  };
}

export function versionSummaryView(version: VersionRecord): TemplateVersionSummary {
  return {
    template_id: version.templateId,
    version: version.version,
    message: version.message,
    created_by: version.createdBy,
    created_at: version.createdAt,
  };
}

export function schemaView(template: TemplateRecord, version: number, data: DataSchema): TemplateSchemaAnswer {
  return {
    object: 'template_schema',
    template_id: template.id,
    version,
    schema: data.schema,
    inferred: data.inferred,
    edited: data.edited,
  };
}
