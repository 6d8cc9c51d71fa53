import { describe, expect, it } from 'vitest';
import { curlExample, exampleBody, examplePath, groupOperations, matches, type OpenApiDocument } from './openapi';

const doc: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Quire API', version: '1' },
  tags: [{ name: 'Templates' }, { name: 'Reports' }, { name: 'Empty' }],
  paths: {
    '/v1/reports': {
      post: {
        operationId: 'createReport',
        tags: ['Reports'],
        summary: 'Render a report',
        security: [{ apiKey: [] }],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { template_id: { type: 'string' }, data: { type: 'object' }, format: { enum: ['pdf'] } },
                required: ['template_id'],
              },
            },
          },
        },
      },
    },
    '/v1/templates/{id}/versions/{version}': {
      get: { operationId: 'getTemplateVersion', tags: ['Templates'], summary: 'Get a version' },
    },
    '/v1/api-keys/{id}': { delete: { operationId: 'revokeApiKey', summary: 'Revoke an API key' } },
  },
};

describe('the in-app API reference', () => {
  it('groups operations by tag in the document’s order, leaving out empty tags', () => {
    expect(groupOperations(doc).map((g) => [g.tag, g.operations.map((o) => o.operation.operationId)])).toEqual([
      ['Templates', ['getTemplateVersion']],
      ['Reports', ['createReport']],
      ['Other', ['revokeApiKey']],
    ]);
  });

  it('fills the team’s template id into template paths and report bodies, and nowhere else', () => {
    const values = { templateId: 'tpl_abc', templateVersion: 3 };
    expect(examplePath('/v1/templates/{id}/versions/{version}', values)).toBe('/v1/templates/tpl_abc/versions/3');
    expect(examplePath('/v1/api-keys/{id}', values)).toBe('/v1/api-keys/{id}');
    const report = doc.paths['/v1/reports']?.post;
    if (!report) throw new Error('no createReport');
    expect(exampleBody(doc, report, values)).toEqual({ template_id: 'tpl_abc', data: {} });
    expect(exampleBody(doc, report, {})).toEqual({ template_id: 'string', data: {} });
    expect(curlExample('http://q', 'POST', '/v1/reports', report, { template_id: "it's" })).toContain(
      `--data '{"template_id":"it'\\''s"}'`,
    );
  });

  it('searches method, path, summary and id by every word', () => {
    const [templates] = groupOperations(doc);
    const entry = templates?.operations[0];
    if (!entry) throw new Error('no operation');
    expect(matches(entry, 'get version')).toBe(true);
    expect(matches(entry, 'GET getTemplateVersion')).toBe(true);
    expect(matches(entry, 'get report')).toBe(false);
  });
});
