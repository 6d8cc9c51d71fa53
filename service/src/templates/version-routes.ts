import { QuireError } from '@quire/core';
import { Router } from 'express';
import { teamOf } from '../http/caller';
import { mapPage } from '../http/pagination';
import { ListVersionsQuery, PublishBody, RestoreBody, VersionParam } from './bodies';
import { authorOf, idOf, type RouteContext } from './context';
import { fromStoredContent } from './model';
import { assertParses } from './syntax';
import { templateView, versionSummaryView, versionView } from './views';

/** `{version}` of a path: anything but a positive integer names no version. */
function versionOf(params: Record<string, unknown>): number {
  const parsed = VersionParam.safeParse(params.version);
  if (!parsed.success) throw new QuireError('version_not_found', { param: 'version' });
  return parsed.data;
}

/** A template's history: its immutable versions, restoring one, and choosing the one reports render. */
export function versionRoutes({ templates, engine, read, write }: RouteContext): Router {
  const router = Router();

  router.get('/:id/versions', read, async (req, res) => {
    const query = ListVersionsQuery.parse(req.query);
    const template = await templates.find(teamOf(res).id, idOf(req.params));
    res.json(mapPage(await templates.listVersions(template, query), versionSummaryView));
  });

  router.get('/:id/versions/:version', read, async (req, res) => {
    const template = await templates.find(teamOf(res).id, idOf(req.params));
    res.json(versionView(await templates.version(template, versionOf(req.params))));
  });

  // History is never rewritten: restoring saves the old content as a new, published version.
  router.post('/:id/versions/:version/restore', write, async (req, res) => {
    const { message } = RestoreBody.parse(req.body ?? {});
    const author = authorOf(res);
    const template = await templates.find(author.teamId, idOf(req.params));
    const number = versionOf(req.params);
    const old = fromStoredContent((await templates.version(template, number)).content);
    assertParses(engine, old);
    const saved = await templates.save(template, author, () => old, {
      publish: true,
      message: message ?? `Restored version ${number}`,
    });
    res.json(templateView(saved.template, saved.content));
  });

  router.post('/:id/publish', write, async (req, res) => {
    const { version } = PublishBody.parse(req.body ?? {});
    const template = await templates.find(teamOf(res).id, idOf(req.params));
    // A draft may have been saved broken; the version reports render must parse.
    assertParses(engine, await templates.content(template, version));
    const published = await templates.publish(template, version);
    res.json(templateView(published, await templates.content(published)));
  });

  return router;
}
