import { type JsonSchemaDocument, QuireError, TemplateContent } from '@quire/core';
import { Router } from 'express';
import { isApiKeyRequest, mayPublish, teamOf, userOf } from '../../http/caller';
import { mapPage } from '../../http/pagination';
import { dataSchemaOf, defaultData, templateView } from '../../templates/index';
import { readChanges } from '../intent/changes';
import { MessageBody, ThreadListQuery } from './bodies';
import { type AuthoringContext, teamFonts } from './context';
import { renderEvidence } from './intent-evidence';
import { type AiTurn, messageView } from './responses';
import { runAiRequest } from './run';
import { sameContent } from './same-content';
import { boundedHistory, refineMessages } from './system-prompt';
import { verifyLoop } from './verify';

/** Turns of the thread the model is shown before the request (then bounded in characters). */
const HISTORY_TURNS = 12;

/** The fields a turn may change; the rest (description, tags, the edited schema) stay as the user left them. */
const CHANGED = ['name', 'html', 'css', 'header_html', 'footer_html', 'page', 'sample_data'] as const;

/** The data schema of the current version; a draft whose Liquid does not parse has only the edited one, if any. */
function schemaOf(context: AuthoringContext, content: TemplateContent): JsonSchemaDocument | undefined {
  try {
    return dataSchemaOf(context.engine, content).schema;
  } catch (error) {
    if (!QuireError.isInstance(error)) throw error;
    return content.data_schema ?? undefined;
  }
}

/**
 * A template's conversation: GET lists the thread, POST asks for a change. Each request is a turn: the model sees
 * the latest version, the data's schema and the thread, and its answer goes through the verify loop and becomes a
 * new version. Undoing a turn is restoring the version before it (POST /v1/templates/{id}/versions/{n}/restore).
 *
 * Mount at /v1/templates BEFORE the templates router: the routes carry their own authentication, so requests
 * for other paths pass through untouched, and these never meet the templates router's (which would count an API
 * key's call twice and see its own Idempotency-Key in use).
 */
export function messageRoutes(context: AuthoringContext): Router {
  const { templates, threads, usage, logger, now } = context;
  const router = Router();

  router.get('/:id/messages', ...context.caller, context.read, async (req, res) => {
    const query = ThreadListQuery.parse(req.query);
    const team = teamOf(res);
    const template = await templates.find(team.id, String(req.params.id));
    res.json(mapPage(await threads.list(team.id, template.id, query), messageView));
  });

  router.post('/:id/messages', ...context.caller, context.useAi, context.write, async (req, res) => {
    const { content: instruction } = MessageBody.parse(req.body ?? {});
    const team = teamOf(res);
    const userId = isApiKeyRequest(res) ? null : userOf(res).id;
    const template = await templates.find(team.id, String(req.params.id));
    await usage.assertFeature(team, 'ai_generation');
    const current = await templates.content(template);
    const schema = schemaOf(context, current);
    // The checks need data: the version's sample, or data made from its schema when it has none.
    const base = { ...current, sample_data: defaultData(context.engine, current) };
    const history = boundedHistory(await threads.recent(team.id, template.id, HISTORY_TURNS));
    // What the instruction asks that can be checked on the answer; what the version shows now tells its columns.
    const before = await renderEvidence(context.loop.renderer, context.engine, base, undefined, { printPage: false });
    const requested = readChanges(instruction, current.kind === 'email' ? 'email' : 'document', before);
    const askedAt = now();

    await runAiRequest<AiTurn>(context, req, res, team, async ({ signal, onEvent }) => {
      const result = await verifyLoop(context.loop, {
        task: { kind: 'refine', instruction, current, ...(schema ? { schema } : {}), history },
        messages: refineMessages({ instruction, current, schema, sample: base.sample_data, history }),
        base,
        rules: { nameFixed: false, pageFixed: false, takeSampleData: true },
        ...(requested ? { intent: requested.intent, removals: requested.removals } : {}),
        ...teamFonts(context, team.id),
        signal,
        onEvent,
      });
      if (signal.aborted) throw signal.reason;
      if (sameContent(base, result.content)) {
        // Nothing to publish: a version that is the one before would only claim a change.
        const latest = template.latestVersion;
        const reply = `${result.reply}\n\nNothing changed: the answer is the same as version ${latest}, so no version was saved.`;
        const { assistant } = await threads.record({
          teamId: team.id,
          templateId: template.id,
          createdBy: userId,
          request: instruction,
          reply,
          version: null,
          report: result.report,
          askedAt,
          answeredAt: now(),
        });
        logger.info({ team_id: team.id, template_id: template.id, version: latest }, 'AI turn changed nothing');
        return {
          status: 200,
          body: {
            object: 'ai_turn',
            changed: false,
            message: messageView(assistant),
            template: templateView(template, current),
            version: latest,
            published: template.publishedVersion === latest,
            report: result.report,
          },
        };
      }
      // Reports render the published version: a turn that left serious findings is saved as a draft instead, and
      // so is every turn of an embed token without the publish permission.
      const clean = !result.report.remaining.some((finding) => finding.serious);
      const publish = clean && mayPublish(res);
      const report = publish
        ? result.report
        : {
            ...result.report,
            notes: [
              ...result.report.notes,
              clean
                ? 'This version was saved as a draft: this embed token may not publish. Reports still render the ' +
                  'published version.'
                : 'Serious findings remain, so this version was saved as a draft: reports still render the published ' +
                  'version. Publish it with POST /v1/templates/{id}/publish once it looks right.',
            ],
          };
      const changes = Object.fromEntries(CHANGED.map((field) => [field, result.content[field]]));
      const saved = await templates.save(
        template,
        { teamId: team.id, userId },
        (latest) => TemplateContent.parse({ ...latest, ...changes }),
        { publish, message: `AI: ${instruction.slice(0, 480)}` },
      );
      const version = saved.version.version;
      const { assistant } = await threads.record({
        teamId: team.id,
        templateId: template.id,
        createdBy: userId,
        request: instruction,
        reply: result.reply,
        version,
        report,
        askedAt,
        answeredAt: now(),
      });
      logger.info(
        { team_id: team.id, template_id: template.id, version, published: publish, rounds: report.rounds.length },
        'AI turn saved',
      );
      return {
        status: 201,
        body: {
          object: 'ai_turn',
          changed: true,
          message: messageView(assistant),
          template: templateView(saved.template, saved.content),
          version,
          published: publish,
          report,
        },
      };
    });
  });

  return router;
}
