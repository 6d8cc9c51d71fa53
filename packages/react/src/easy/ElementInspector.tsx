import { type ChangeEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { MessageKey } from '../i18n/messages';
import { PART_LABELS } from '../i18n/parts';
import { useUi } from '../root/ui-context';
import { Button } from '../ui/Button';
import { NumberInput } from '../ui/NumberInput';
import type { DrawnStyle } from './EasyPreview';
import { editText, setAttribute, setHidden, setStyle } from './edits';
import type { ContentPiece, ElementModel } from './element-model';
import { declared } from './inline-style';
import type { LiquidFrame, SourceTree } from './source-tree';
import { LOGO_TYPES, MAX_LOGO_BYTES, normalizeHex } from './theme';

export interface ElementInspectorProps {
  tree: SourceTree;
  model: ElementModel;
  drawn: DrawnStyle | null;
  /** The part's source after an edit, and whether it changed text or style (style, size, visibility, image). */
  onEdit(source: string, kind: 'text' | 'style'): void;
  onSelect(id: string | null): void;
  onOpenBossMode?: (() => void) | undefined;
  onAskAi?: ((prompt: string) => void) | undefined;
  aiBusy: boolean;
  readOnly: boolean;
}

const MEDIA = new Set(['img', 'svg']);

function Chip({ children, title, kind }: { children: ReactNode; title?: string; kind: string }) {
  return (
    <span className="quire-chip" data-kind={kind} title={title}>
      <span aria-hidden="true" className="quire-chip-lock">
        🔒
      </span>
      {children}
    </span>
  );
}

/** A text field that keeps what is being typed (a trailing space, say) while each change goes to the source. */
function TextField(props: { label: string; value: string; disabled: boolean; onChange(value: string): void }) {
  const [text, setText] = useState(props.value);
  const focused = useRef(false);
  const id = useId();
  useEffect(() => {
    if (!focused.current) setText(props.value);
  }, [props.value]);
  return (
    <div className="quire-field">
      <label htmlFor={id}>{props.label}</label>
      <textarea
        className="quire-input"
        id={id}
        rows={Math.min(4, Math.max(1, Math.ceil(text.length / 36)))}
        value={text}
        disabled={props.disabled}
        onFocus={() => {
          focused.current = true;
        }}
        onBlur={() => {
          focused.current = false;
          setText(props.value);
        }}
        onChange={(event) => {
          setText(event.target.value);
          props.onChange(event.target.value);
        }}
      />
    </div>
  );
}

const contextKey = (frame: LiquidFrame): MessageKey =>
  (['for', 'tablerow', 'if', 'unless', 'case', 'capture'].includes(frame.tag)
    ? `easy.context.${frame.tag}`
    : 'easy.tag') as MessageKey;

function readFile(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** The selected element: its text and data as fields and chips, its colour, size and visibility, and the AI. */
export function ElementInspector(props: ElementInspectorProps) {
  const { t } = useUi();
  const { tree, model, drawn, readOnly } = props;
  const element = tree.byId.get(model.id);
  const [ask, setAsk] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { color: useId(), size: useId(), visible: useId(), ask: useId() };
  if (!element) return null;
  const media = MEDIA.has(model.name);
  const textLocked = model.textLock !== null;
  const styleLocked = model.styleLock !== null || readOnly;
  const edit = (kind: 'text' | 'style', run: () => string) => {
    const next = run();
    if (next !== tree.source) props.onEdit(next, kind);
  };

  const colour =
    model.color && /^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(model.color) ? normalizeHex(model.color) : drawn?.color;
  const sizeDeclared = media ? undefined : model.fontSize;
  const width = media ? declared(model.style, 'width') : undefined;
  const widthDeclared = width === undefined ? undefined : /^([\d.]+)mm$/.exec(width)?.[1];
  const sizeValue = media
    ? widthDeclared === undefined
      ? undefined
      : Number.parseFloat(widthDeclared)
    : sizeDeclared?.endsWith('pt')
      ? Number.parseFloat(sizeDeclared)
      : drawn?.fontSizePt;

  const onImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return setProblem(t('easy.logoType'));
    if (file.size > MAX_LOGO_BYTES) return setProblem(t('easy.logoTooLarge', { max: MAX_LOGO_BYTES / 1024 }));
    setProblem(null);
    const uri = await readFile(file);
    edit('style', () => setAttribute(tree, model.id, 'src', uri));
  };

  const sendAsk = () => {
    const prompt = ask.trim();
    if (!prompt || !props.onAskAi) return;
    const end = element.close?.end ?? (element.void ? element.openEnd : element.contentEnd);
    const snippet = tree.source.slice(element.start, Math.min(end, element.start + 2000));
    props.onAskAi(
      `${prompt}\n\n${t('easy.askScope', { part: t(PART_LABELS[tree.part]), line: model.line })}\n\n${snippet}`,
    );
    setAsk('');
  };

  const piece = (p: ContentPiece, i: number) => {
    switch (p.type) {
      case 'text':
        return (
          <TextField
            key={`t${p.index}`}
            label={
              model.content.filter((c) => c.type === 'text').length > 1
                ? t('easy.textN', { n: p.index + 1 })
                : t('easy.text')
            }
            value={p.text}
            disabled={readOnly}
            onChange={(value) => edit('text', () => editText(tree, model.id, p.index, value))}
          />
        );
      case 'locked-text':
        return (
          <Chip key={`l${i}`} kind="text" title={t('easy.lockedText')}>
            {p.text}
          </Chip>
        );
      case 'output':
        return (
          <Chip key={`o${i}`} kind="output" title={t('easy.output', { markup: p.markup })}>
            {`{{ ${p.markup} }}`}
          </Chip>
        );
      case 'tag':
        return (
          <Chip key={`g${i}`} kind="tag" title={t('easy.tag', { markup: p.markup })}>
            {`{% ${p.markup} %}`}
          </Chip>
        );
      case 'element':
        return p.name === 'br' ? null : (
          <button
            key={`e${p.id}`}
            type="button"
            className="quire-chip quire-chip-element"
            onClick={() => props.onSelect(p.id)}
          >
            {`<${p.name}>`} {p.text}
          </button>
        );
    }
  };

  const parent = element.parent && tree.byId.has(element.parent.id) ? element.parent : null;
  const lockReasons = [
    ...new Set([model.textLock, model.styleLock].filter((r): r is NonNullable<typeof r> => r !== null)),
  ];

  return (
    <section className="quire-inspector" aria-label={t('easy.selected', { element: `<${model.name}>` })}>
      <header className="quire-inspector-header">
        <strong>{`<${model.name}>`}</strong>
        <span className="quire-muted">{t(PART_LABELS[tree.part])}</span>
        <span className="quire-spacer" />
        {parent && !['html', 'body'].includes(parent.name) ? (
          <Button size="sm" variant="ghost" onClick={() => props.onSelect(parent.id)}>
            {t('easy.parent')}
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" aria-label={t('easy.clear')} onClick={() => props.onSelect(null)}>
          ×
        </Button>
      </header>

      {model.context.length ? (
        <div className="quire-inspector-context">
          {model.context.map((frame) => (
            <Chip key={`${frame.start}-${frame.branch}`} kind="context">
              {t(contextKey(frame), { markup: frame.markup })}
            </Chip>
          ))}
          <p className="quire-muted">{t('easy.contextNote')}</p>
        </div>
      ) : null}

      {lockReasons.length ? (
        <div className="quire-locked" role="note">
          {lockReasons.map((reason) => (
            <p key={reason}>{t(`easy.lock.${reason}` as MessageKey)}</p>
          ))}
          {props.onOpenBossMode ? (
            <Button size="sm" onClick={props.onOpenBossMode}>
              {t('easy.openBoss')}
            </Button>
          ) : null}
        </div>
      ) : null}

      {model.content.length ? (
        <div className="quire-inspector-content" data-locked={textLocked || undefined}>
          {model.content.map(piece)}
        </div>
      ) : null}

      {media && model.name === 'img' && model.src !== undefined && !styleLocked ? (
        <div className="quire-field">
          <label className="quire-button quire-button-secondary quire-button-sm quire-file-button">
            {t('easy.replaceImage')}
            <input
              type="file"
              accept={LOGO_TYPES.join(',')}
              className="quire-visually-hidden"
              onChange={(event) => void onImage(event)}
            />
          </label>
          {problem ? (
            <p className="quire-problem" data-level="error" role="alert">
              {problem}
            </p>
          ) : null}
        </div>
      ) : null}

      <div className="quire-inspector-style">
        {media ? null : (
          <div className="quire-field quire-field-inline">
            <label htmlFor={ids.color}>{t('easy.color')}</label>
            <input
              id={ids.color}
              type="color"
              value={colour ?? '#000000'}
              disabled={styleLocked}
              onChange={(event) => edit('style', () => setStyle(tree, model.id, 'color', event.target.value))}
            />
            {model.color !== undefined ? (
              <Button
                size="sm"
                variant="ghost"
                disabled={styleLocked}
                onClick={() => edit('style', () => setStyle(tree, model.id, 'color', null))}
              >
                {t('easy.reset')}
              </Button>
            ) : null}
          </div>
        )}
        <div className="quire-field quire-field-inline">
          <label htmlFor={ids.size}>{media ? t('easy.width') : t('easy.size')}</label>
          <NumberInput
            className="quire-input"
            id={ids.size}
            min={media ? 5 : 4}
            max={media ? 400 : 200}
            step={media ? 1 : 0.5}
            value={sizeValue}
            disabled={styleLocked}
            accepts={(n) => n > 0}
            onValue={(n) =>
              edit('style', () => setStyle(tree, model.id, media ? 'width' : 'font-size', media ? `${n}mm` : `${n}pt`))
            }
          />
          {(media ? width : sizeDeclared) !== undefined ? (
            <Button
              size="sm"
              variant="ghost"
              disabled={styleLocked}
              onClick={() => edit('style', () => setStyle(tree, model.id, media ? 'width' : 'font-size', null))}
            >
              {t('easy.reset')}
            </Button>
          ) : null}
        </div>
        <div className="quire-field quire-field-inline">
          <input
            id={ids.visible}
            type="checkbox"
            checked={!model.hidden}
            disabled={styleLocked}
            onChange={(event) => edit('style', () => setHidden(tree, model.id, !event.target.checked))}
          />
          <label htmlFor={ids.visible}>{t('easy.visible')}</label>
        </div>
      </div>

      {props.onAskAi ? (
        <form
          className="quire-inspector-ask"
          onSubmit={(event) => {
            event.preventDefault();
            sendAsk();
          }}
        >
          <label htmlFor={ids.ask}>{t('easy.askElement')}</label>
          <div className="quire-row">
            <input
              className="quire-input"
              id={ids.ask}
              type="text"
              value={ask}
              placeholder={t('easy.askElementPlaceholder')}
              disabled={props.aiBusy}
              onChange={(event) => setAsk(event.target.value)}
            />
            <Button type="submit" size="sm" variant="primary" disabled={props.aiBusy || !ask.trim()}>
              {t('easy.ask')}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
