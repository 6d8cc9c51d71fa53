import type { TemplateVersionSummary } from '@quire/client';
import { TemplateContent } from '@quire/core';
import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';
import { useBuilderController, useBuilderState } from '../builder/context';
import type { TemplateDraft } from '../builder/types';
import { toBuilderError } from '../errors/builder-error';
import { parseProps } from '../props/validate';
import { useUi } from '../root/ui-context';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { DraftDiff } from './DraftDiff';

export const VersionHistoryProps = z.object({ className: z.string().optional() }).strict();
export type VersionHistoryProps = z.input<typeof VersionHistoryProps>;

/**
 * The template's versions, newest first: compare one with the draft (a diff per part), restore it (a new
 * version with its content) or publish it. Must be inside a `<TemplateBuilder>` backed by Quire (`templateId`).
 */
export function VersionHistory(input: VersionHistoryProps) {
  const props = parseProps('VersionHistory', VersionHistoryProps, input);
  const controller = useBuilderController('VersionHistory');
  const { t, locale } = useUi();
  const { client, templateId, permissions } = controller.options;
  const template = useBuilderState(controller, (s) => s.template);
  const draft = useBuilderState(controller, (s) => s.draft);
  const [versions, setVersions] = useState<TemplateVersionSummary[] | null>(null);
  const [compare, setCompare] = useState<{ version: number; content: TemplateDraft } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const latest = template?.latestVersion;
  const published = template?.publishedVersion;
  const load = useCallback(async () => {
    if (!client || templateId === undefined) return;
    try {
      const page = await client.templates.versions.list(templateId, { limit: 50 });
      setVersions(page.data);
    } catch (error) {
      controller.options.onError?.(toBuilderError(error, 'versions', t));
    }
  }, [client, templateId, controller, t]);
  // Again whenever a save, a restore or an AI turn makes a new version.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `latest` is the trigger, not an input.
  useEffect(() => {
    void load();
  }, [load, latest]);

  if (!client || templateId === undefined) {
    return <p className="quire-muted">{t('versions.needsTemplate')}</p>;
  }
  const openCompare = async (version: number) => {
    try {
      const found = await client.templates.versions.get(templateId, version);
      setCompare({ version, content: TemplateContent.parse(found.content) });
    } catch (error) {
      controller.options.onError?.(toBuilderError(error, 'versions', t));
    }
  };
  const act = async (version: number, action: () => Promise<unknown>) => {
    setBusy(version);
    try {
      await action();
    } catch {
      // Reported through onError by the controller.
    } finally {
      setBusy(null);
    }
  };
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section
      className={`quire-versions${props.className ? ` ${props.className}` : ''}`}
      aria-label={t('versions.title')}
    >
      {versions === null ? (
        <p className="quire-muted">{t('versions.loading')}</p>
      ) : versions.length === 0 ? (
        <p className="quire-muted">{t('versions.empty')}</p>
      ) : (
        <ol className="quire-version-list">
          {versions.map((v) => (
            <li key={v.version} className="quire-version">
              <div className="quire-version-head">
                <strong>{t('versions.version', { version: v.version })}</strong>
                {v.version === published ? <span className="quire-badge">{t('versions.published')}</span> : null}
                <time dateTime={v.created_at} className="quire-muted">
                  {date.format(new Date(v.created_at))}
                </time>
              </div>
              <p className="quire-version-message">{v.message || t('versions.noMessage')}</p>
              <div className="quire-version-actions">
                <Button size="sm" onClick={() => void openCompare(v.version)}>
                  {t('versions.compare')}
                </Button>
                {permissions.save ? (
                  <Button
                    size="sm"
                    disabled={busy !== null}
                    onClick={() => void act(v.version, () => controller.restoreVersion(v.version))}
                  >
                    {t('versions.restore')}
                  </Button>
                ) : null}
                {permissions.publish && v.version !== published ? (
                  <Button
                    size="sm"
                    disabled={busy !== null}
                    onClick={() => void act(v.version, () => controller.publishVersion(v.version))}
                  >
                    {t('versions.publish')}
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      )}
      <Dialog
        open={compare !== null}
        onOpenChange={(open) => {
          if (!open) setCompare(null);
        }}
        size="lg"
        title={compare ? t('versions.diffTitle', { version: compare.version }) : ''}
      >
        {compare ? (
          <DraftDiff
            before={compare.content}
            after={draft}
            beforeLabel={t('versions.version', { version: compare.version })}
            afterLabel={t('versions.draft')}
          />
        ) : null}
      </Dialog>
    </section>
  );
}
