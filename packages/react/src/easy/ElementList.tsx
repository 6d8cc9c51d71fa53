import { PART_LABELS } from '../i18n/parts';
import { useUi } from '../root/ui-context';
import { isSelectable } from './annotate';
import { describeElement, excerpt } from './element-model';
import type { EditablePart, SourceElement, SourceTree } from './source-tree';

const MEDIA = new Set(['img', 'svg', 'qr-code', 'bar-code']);

/** Elements worth listing: those with text or data of their own, and images. */
function listed(tree: SourceTree, element: SourceElement): boolean {
  if (!isSelectable(element)) return false;
  if (MEDIA.has(element.name)) return true;
  return element.children.some(
    (child) =>
      (child.kind === 'text' && child.flavor === 'text' && tree.source.slice(child.start, child.end).trim() !== '') ||
      (child.kind === 'liquid' && child.type === 'output'),
  );
}

function depth(element: SourceElement): number {
  let d = 0;
  for (let e = element.parent; e; e = e.parent) if (isSelectable(e)) d++;
  return d;
}

/**
 * Every element with text, data or an image, in template order: a way to select without pointing (for the
 * keyboard and screen readers), and the only way back to an element that is hidden.
 */
export function ElementList(props: {
  trees: Record<EditablePart, SourceTree>;
  selected: string | null;
  onSelect(id: string): void;
}) {
  const { t } = useUi();
  const parts = (['header_html', 'html', 'footer_html'] as const).filter((part) => props.trees[part].source.trim());
  return (
    <nav className="quire-element-list" aria-label={t('easy.elements')}>
      {parts.map((part) => {
        const tree = props.trees[part];
        const items = tree.elements.filter((element) => listed(tree, element));
        if (!items.length) return null;
        return (
          <div key={part}>
            {parts.length > 1 ? <h4 className="quire-element-list-part">{t(PART_LABELS[part])}</h4> : null}
            <ul>
              {items.map((element) => {
                const hidden = describeElement(tree, element.id)?.hidden ?? false;
                return (
                  <li key={element.id} style={{ paddingInlineStart: `${Math.min(depth(element), 8) * 10}px` }}>
                    <button
                      type="button"
                      aria-current={props.selected === element.id ? 'true' : undefined}
                      data-hidden={hidden || undefined}
                      onClick={() => props.onSelect(element.id)}
                    >
                      <span className="quire-element-tag">{element.name}</span> {excerpt(tree, element, 48)}
                      {hidden ? <span className="quire-muted"> ({t('easy.hidden')})</span> : null}
                    </button>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
