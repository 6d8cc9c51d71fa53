import type { Starter, StarterSummary } from '@quire/client';
import { useEffect, useId, useRef, useState } from 'react';
import { z } from 'zod';
import { type BuilderError, toBuilderError } from '../errors/builder-error';
import { uiSettingsShape } from '../props/shared';
import { fn, parseProps } from '../props/validate';
import { useQuireClient } from '../provider/context';
import { Standalone } from '../root/Standalone';
import { useUi } from '../root/ui-context';
import { Button } from '../ui/Button';

export const StarterGalleryProps = z
  .object({
    /** The starter picked, whole (HTML, CSS, page, sample data…): start a draft or a template from it. */
    onSelect: fn<(starter: Starter) => void>(),
    /** Only documents, or only emails. Default: both. */
    kind: z.enum(['document', 'email']).optional(),
    onError: fn<(error: BuilderError) => void>().optional(),
    className: z.string().optional(),
    ...uiSettingsShape,
  })
  .strict();

export type StarterGalleryProps = z.input<typeof StarterGalleryProps>;

type Loaded = { state: 'loading' } | { state: 'ready'; list: StarterSummary[] } | { state: 'error'; message: string };

/**
 * The starter templates to begin from: `GET /v1/starters` through the provider's client, or, without a
 * provider, the starters this package carries (the same ones, from @quire/core). Searchable by name, words of
 * the description and tags.
 */
export function StarterGallery(input: StarterGalleryProps) {
  const props = parseProps('StarterGallery', StarterGalleryProps, input);
  return (
    <Standalone settings={props}>
      <StarterGalleryBody props={props} />
    </Standalone>
  );
}

function StarterGalleryBody({ props }: { props: z.output<typeof StarterGalleryProps> }) {
  const { t } = useUi();
  const client = useQuireClient();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [query, setQuery] = useState('');
  const [picking, setPicking] = useState<string | null>(null);
  const searchId = useId();
  // The latest onError is called: a host passing a new function each render does not reload the list.
  const onErrorRef = useRef(props.onError);
  onErrorRef.current = props.onError;
  const onError = (error: BuilderError) => onErrorRef.current?.(error);

  useEffect(() => {
    let live = true;
    if (!client) {
      import('./bundled').then(({ starters }) => live && setLoaded({ state: 'ready', list: [...starters] }));
      return () => {
        live = false;
      };
    }
    setLoaded({ state: 'loading' });
    client.starters.list().then(
      (page) => live && setLoaded({ state: 'ready', list: page.data }),
      (error: unknown) => {
        if (!live) return;
        const failure = toBuilderError(error, 'load', t);
        setLoaded({ state: 'error', message: failure.message });
        onErrorRef.current?.(failure);
      },
    );
    return () => {
      live = false;
    };
  }, [client, t]);

  const pick = async (summary: StarterSummary) => {
    setPicking(summary.id);
    try {
      const starter = client
        ? await client.starters.get(summary.id)
        : ((await import('./bundled')).getStarter(summary.id) as Starter);
      props.onSelect(starter);
    } catch (error) {
      onError(toBuilderError(error, 'load', t));
    } finally {
      setPicking(null);
    }
  };

  const className = `quire-starters${props.className ? ` ${props.className}` : ''}`;
  if (loaded.state === 'loading') {
    return (
      <div className={className}>
        <p className="quire-muted" role="status">
          {t('starters.loading')}
        </p>
      </div>
    );
  }
  if (loaded.state === 'error') {
    return (
      <div className={className}>
        <p className="quire-problem" data-level="error" role="alert">
          {t('starters.failed', { message: loaded.message })}
        </p>
      </div>
    );
  }
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const shown = loaded.list.filter(
    (s) =>
      (!props.kind || s.kind === props.kind) &&
      words.every((w) => [s.name, s.description, ...s.tags].join(' ').toLowerCase().includes(w)),
  );
  return (
    <section className={className} aria-label={t('starters.label')}>
      <div className="quire-field">
        <label htmlFor={searchId}>{t('starters.search')}</label>
        <input
          className="quire-input"
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      {shown.length === 0 ? (
        <p className="quire-muted">{t('starters.none', { query: query.trim() })}</p>
      ) : (
        <ul className="quire-starter-grid">
          {shown.map((starter) => (
            <li key={starter.id} className="quire-starter-card">
              <h3>{starter.name}</h3>
              <p className="quire-starter-meta">
                <span className="quire-badge">{t(`starters.kind.${starter.kind}`)}</span>
                {starter.kind === 'document' ? (
                  <span className="quire-muted">
                    {starter.page.size === 'custom' ? t('page.custom') : starter.page.size},{' '}
                    {t(`page.${starter.page.orientation}`).toLowerCase()}
                  </span>
                ) : null}
              </p>
              <p>{starter.description}</p>
              {starter.tags.length ? (
                <p className="quire-muted quire-starter-tags">{starter.tags.join(' · ')}</p>
              ) : null}
              <Button
                size="sm"
                variant="primary"
                aria-label={`${t('starters.use')}: ${starter.name}`}
                disabled={picking !== null}
                onClick={() => void pick(starter)}
              >
                {t('starters.use')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
