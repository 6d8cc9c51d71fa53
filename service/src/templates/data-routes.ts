import { QuireError, type TemplateContent } from '@quire/core';
import { Router } from 'express';
import { teamOf } from '../http/caller';
import { SchemaBody, VersionQuery } from './bodies';
import { authorOf, idOf, type RouteContext } from './context';
import { dataSchemaOf } from './data-schema';
import { completeContent } from './model';
import type { TemplateTypesAnswer } from './responses';
import { assertParses } from './syntax';
import { typeNameOf, typeScriptOf } from './typescript-types';
import { schemaView } from './views';

export const TYPES_CONTENT_TYPES = ['text/plain', 'application/typescript', 'application/json'] as const;

/** The data a template takes: its JSON Schema (inferred and edited) and that schema as TypeScript. */
export function dataRoutes({ templates, engine, read, write }: RouteContext): Router {
  const router = Router();

  router.get('/:id/schema', read, async (req, res) => {
    const { version } = VersionQuery.parse(req.query);
    const template = await templates.find(teamOf(res).id, idOf(req.params));
    const number = version ?? template.latestVersion;
    const content = await templates.content(template, number);
    res.json(schemaView(template, number, dataSchemaOf(engine, content)));
  });

  // The edited schema is content like any other: saving it makes a new version. It is answered merged with the
  // inferred one, so the template must parse, draft or not (checked before anything is saved).
  router.put('/:id/schema', write, async (req, res) => {
    const { schema, message, publish } = SchemaBody.parse(req.body ?? {});
    const author = authorOf(res);
    const template = await templates.find(author.teamId, idOf(req.params));
    const saved = await templates.save(
      template,
      author,
      (base): TemplateContent => {
        const content = completeContent({ ...base, data_schema: schema });
        assertParses(engine, content);
        return content;
      },
      { publish, message: message ?? 'Edited the data schema' },
    );
    res.json(schemaView(saved.template, saved.version.version, dataSchemaOf(engine, saved.content)));
  });

  // A declaration file by default (curl … > invoice-data.ts); JSON when the client asks for it.
  router.get('/:id/types', read, async (req, res) => {
    const { version } = VersionQuery.parse(req.query);
    const wanted = req.accepts([...TYPES_CONTENT_TYPES]);
    if (!wanted) throw new QuireError('not_acceptable', { message: `Ask for ${TYPES_CONTENT_TYPES.join(', ')}.` });
    const template = await templates.find(teamOf(res).id, idOf(req.params));
    const number = version ?? template.latestVersion;
    const content = await templates.content(template, number);
    const name = typeNameOf(content.name);
    const typescript = typeScriptOf(dataSchemaOf(engine, content).schema, {
      name,
      header: [
        `The data of the Quire template "${content.name}" (${template.id}), version ${number}.`,
        'Generated from its JSON Schema by GET /v1/templates/{id}/types: regenerate rather than edit.',
      ],
    });
    if (wanted === 'application/json') {
      const answer: TemplateTypesAnswer = {
        object: 'template_types',
        template_id: template.id,
        version: number,
        type_name: name,
        typescript,
      };
      res.json(answer);
      return;
    }
    res.type(`${wanted}; charset=utf-8`).set('Content-Disposition', `inline; filename="${name}.ts"`).send(typescript);
  });

  return router;
}
