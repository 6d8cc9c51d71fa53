import { useId, useState } from 'react';
import { z } from 'zod';
import type { DataNode } from '../builder/analysis';
import { useBuilderController, useBuilderState } from '../builder/context';
import { sampleText } from '../editor/data-paths';
import { parseProps } from '../props/validate';
import { useUi } from '../root/ui-context';

export const VariablePanelProps = z
  .object({
    /** Hide the search field. */
    searchable: z.boolean().optional(),
    className: z.string().optional(),
  })
  .strict();

export type VariablePanelProps = z.input<typeof VariablePanelProps>;

function matches(node: DataNode, query: string): boolean {
  if (!query) return true;
  if (node.path.toLowerCase().includes(query)) return true;
  return node.children.some((child) => matches(child, query)) || (node.item ? matches(node.item, query) : false);
}

/**
 * The data the template reads (from its schema, or inferred from its sources) merged with the sample data: each
 * variable with its type and sample value, and a button that inserts it at the cursor (a loop, for a field of
 * list items). Must be inside `<TemplateBuilder>`.
 */
export function VariablePanel(input: VariablePanelProps) {
  const props = parseProps('VariablePanel', VariablePanelProps, input);
  const controller = useBuilderController('VariablePanel');
  const { t } = useUi();
  const draft = useBuilderState(controller, (s) => s.draft);
  const { data } = controller.analyse(draft);
  const [query, setQuery] = useState('');
  const searchId = useId();
  const titleId = useId();
  const normalised = query.trim().toLowerCase();
  const shown = data.filter((node) => matches(node, normalised));

  const row = (node: DataNode, depth: number) => {
    const fields = node.item ? node.item.children : node.children;
    const leaf = fields.length === 0;
    // Objects are not printed whole: their fields are, and a list as a loop over its items. A read-only builder
    // lists the data without inserting it.
    const canInsert = (leaf || node.item !== null) && !controller.readOnly;
    return (
      <li key={node.path} className="quire-variable" data-depth={depth}>
        <div className="quire-variable-row">
          {canInsert ? (
            <button
              type="button"
              className="quire-variable-insert"
              onClick={() => void controller.insertVariable(node.item ? `${node.path}[]` : node.path)}
              aria-label={t('variables.insert', { path: node.path })}
              title={t('variables.insert', { path: node.path })}
            >
              <span className="quire-variable-name">{node.name}</span>
            </button>
          ) : (
            <span className="quire-variable-name">{node.name}</span>
          )}
          <span className="quire-variable-type">{node.item ? `${node.type} []` : node.type}</span>
          {leaf ? (
            <span className="quire-variable-sample">
              {node.inSample ? sampleText(node.sample, 40) : t('variables.noSample')}
            </span>
          ) : null}
        </div>
        {leaf ? null : (
          <ul className="quire-variable-children">
            {fields.filter((child) => matches(child, normalised)).map((child) => row(child, depth + 1))}
          </ul>
        )}
      </li>
    );
  };

  return (
    <section
      className={`quire-variable-panel${props.className ? ` ${props.className}` : ''}`}
      aria-labelledby={titleId}
    >
      <h2 id={titleId} className="quire-panel-title">
        {t('variables.title')}
      </h2>
      {props.searchable === false ? null : (
        <>
          <label htmlFor={searchId} className="quire-visually-hidden">
            {t('variables.search')}
          </label>
          <input
            id={searchId}
            type="search"
            className="quire-input quire-variable-search"
            placeholder={t('variables.search')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </>
      )}
      {data.length === 0 ? (
        <p className="quire-muted">{t('variables.empty')}</p>
      ) : (
        <ul className="quire-variable-list">{shown.map((node) => row(node, 0))}</ul>
      )}
    </section>
  );
}
