import { getStarter, QuireError, type TemplateContent } from '@quire/core';
import { type Response, Router } from 'express';
import { embedOf, teamOf } from '../http/caller';
import { mapPage } from '../http/pagination';
import { CreateTemplateBody, DuplicateBody, ListTemplatesQuery, UpdateTemplateBody } from './bodies';
import { authorOf, idOf, type RouteContext } from './context';
import { completeContent } from './model';
import type { DeletedTemplate } from './responses';
import { assertParses } from './syntax';
import type { Author } from './template-store';
import { summaryView, templateView } from './views';

const COPY_SUFFIX = ' (copy)';
const MAX_NAME = 200;

/** Create, list, read, save, delete and duplicate templates. */
export function templateRoutes(context: RouteContext): Router {
  const { templates, engine, usage, logger, read, write } = context;
  const router = Router();

  /** Creates a template within the plan's limit and answers it (201, with its Location). */
  async function createAndAnswer(res: Response, author: Author, content: TemplateContent, message: string) {
    const team = teamOf(res);
    const { template } = await templates.create(author, content, message, (current) =>
      usage.assertRoom(team, 'templates', current),
    );
    logger.info({ team_id: team.id, template_id: template.id }, 'template created');
    res.status(201).location(`/v1/templates/${template.id}`).json(templateView(template, content));
  }

  router.post('/', write, async (req, res) => {
    const { starter_id: starterId, message, ...fields } = CreateTemplateBody.parse(req.body ?? {});
    // A blank template starts with an empty body (core's TemplateContent has no default for html).
    let base: Record<string, unknown> = { html: '' };
    if (starterId !== undefined) {
      const starter = getStarter(starterId);
      if (!starter) throw new QuireError('starter_not_found', { param: 'starter_id' });
      const { id: _id, ...starterContent } = starter;
      base = starterContent;
    }
    const content = completeContent({ ...base, ...fields });
    assertParses(engine, content);
    const origin = starterId === undefined ? 'Created' : `Created from the ${base.name} starter`;
    await createAndAnswer(res, authorOf(res), content, message ?? origin);
  });

  router.get('/', read, async (req, res) => {
    const query = ListTemplatesQuery.parse(req.query);
    // An embed token lists its own templates only (the embed guard refuses every other one).
    const ids = embedOf(res)?.templateIds;
    res.json(mapPage(await templates.list(teamOf(res).id, { ...query, ids }), summaryView));
  });

  router.get('/:id', read, async (req, res) => {
    const template = await templates.find(teamOf(res).id, idOf(req.params));
    res.json(templateView(template, await templates.content(template)));
  });

  // Every save is a new immutable version built on the latest one; fields left out keep their values.
  router.patch('/:id', write, async (req, res) => {
    const { message, publish, ...fields } = UpdateTemplateBody.parse(req.body ?? {});
    const author = authorOf(res);
    const template = await templates.find(author.teamId, idOf(req.params));
    const build = (base: TemplateContent) => {
      const content = completeContent({ ...base, ...fields });
      if (publish) assertParses(engine, content);
      return content;
    };
    const saved = await templates.save(template, author, build, { publish, message: message ?? '' });
    res.json(templateView(saved.template, saved.content));
  });

  // A hard delete, versions included: a deleted template no longer counts against the plan.
  router.delete('/:id', write, async (req, res) => {
    const team = teamOf(res);
    const template = await templates.find(team.id, idOf(req.params));
    await templates.remove(template);
    logger.info({ team_id: team.id, template_id: template.id }, 'template deleted');
    const answer: DeletedTemplate = { id: template.id, deleted: true };
    res.json(answer);
  });

  // A new template from the published content (what reports render), counted against the plan like any other.
  router.post('/:id/duplicate', write, async (req, res) => {
    const { name } = DuplicateBody.parse(req.body ?? {});
    const author = authorOf(res);
    const template = await templates.find(author.teamId, idOf(req.params));
    const published = await templates.content(template, template.publishedVersion);
    const copyName = name ?? `${published.name.slice(0, MAX_NAME - COPY_SUFFIX.length)}${COPY_SUFFIX}`;
    const content = completeContent({ ...published, name: copyName });
    await createAndAnswer(res, author, content, `Duplicated from ${template.id} version ${template.publishedVersion}`);
  });

  return router;
}
