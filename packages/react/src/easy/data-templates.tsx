import { getDefaultRegistry } from '@rjsf/core';
import {
  type ArrayFieldItemButtonsTemplateProps,
  type ArrayFieldItemTemplateProps,
  type ArrayFieldTemplateProps,
  buttonId,
  canExpand,
  type FieldPathId,
  type FieldTemplateProps,
  getTemplate,
  getUiOptions,
  type IconButtonProps,
  type ObjectFieldTemplateProps,
  type RegistryWidgetsType,
  type RJSFSchema,
  type TemplatesType,
  type UiSchema,
  type WidgetProps,
} from '@rjsf/utils';
import { createContext, type ReactNode, useContext } from 'react';
import { useUi } from '../root/ui-context';
import { humanize, itemLabel } from './data-labels';

/*
 * The sample-data form's own look, through react-jsonschema-form's templates: labels in plain words instead of
 * the data's keys, lists whose buttons say what they do (rjsf's defaults draw icon-font glyphs that are not
 * there), nested objects as groups. Styles: `styles/easy-editor.css` (`.quire-data-*`).
 */

/** The list an item belongs to: its label, for the item's label ("Address line 2") and its buttons' names. */
const ListContext = createContext<{ label: string } | null>(null);

type Title = string | undefined;

/** The label of the field at `path`: the uiSchema's or schema's title, else its key in words, else for an item of a list "Address line 2" or "Item 2". */
function useLabel(path: FieldPathId['path'], schema: RJSFSchema, uiSchema: UiSchema | undefined, fallback: Title) {
  const { t } = useUi();
  const list = useContext(ListContext);
  const title = (getUiOptions(uiSchema).title as Title) || schema.title;
  const last = path[path.length - 1];
  if (typeof last === 'number') return itemLabel(last, list?.label, title) ?? t('easy.dataItem', { n: last + 1 });
  if (title) return title;
  if (typeof last === 'string') return humanize(last);
  return fallback ? humanize(fallback) : '';
}

const isItem = (path: FieldPathId['path']) => typeof path[path.length - 1] === 'number';

/** Each field: its label in plain words above it (a list's plain items keep theirs for screen readers only). */
function FieldTemplate(props: FieldTemplateProps) {
  const { id, children, errors, help, description, hidden, displayLabel, registry, uiSchema, schema, fieldPathId } =
    props;
  const label = useLabel(fieldPathId.path, schema, uiSchema, props.label);
  const uiOptions = getUiOptions(uiSchema);
  const Wrap = getTemplate('WrapIfAdditionalTemplate', registry, uiOptions);
  if (hidden) return <div className="hidden">{children}</div>;
  const showLabel = displayLabel && uiOptions.widget !== 'checkbox';
  return (
    <Wrap {...props} label={label}>
      {showLabel ? (
        <label htmlFor={id} className={isItem(fieldPathId.path) ? 'quire-visually-hidden' : 'quire-data-label'}>
          {label}
        </label>
      ) : null}
      {showLabel && description ? description : null}
      {children}
      {errors}
      {help}
    </Wrap>
  );
}

/** An object: its fields, grouped under its name when it is not the whole data. */
function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { properties, fieldPathId, schema, uiSchema, registry, description, disabled, readonly, formData, title } =
    props;
  const { t } = useUi();
  const label = useLabel(fieldPathId.path, schema, uiSchema, fieldPathId.path.length ? title : undefined);
  const { AddButton } = registry.templates.ButtonTemplates;
  const fields = (
    <div className="quire-data-fields">
      {properties.map((property) => (property.hidden ? null : property.content))}
      {canExpand(schema, uiSchema, formData) && !disabled && !readonly ? (
        <AddButton
          id={buttonId(fieldPathId, 'add')}
          className="rjsf-object-property-expand"
          onClick={props.onAddProperty}
          aria-label={t('easy.dataAddTo', { list: label || t('easy.dataItem', { n: 1 }) })}
          uiSchema={uiSchema}
          registry={registry}
        />
      ) : null}
    </div>
  );
  if (fieldPathId.path.length === 0) return <div id={fieldPathId.$id}>{fields}</div>;
  return (
    <fieldset className="quire-data-group" id={fieldPathId.$id}>
      <legend className="quire-data-legend">{label}</legend>
      {description ? <div className="quire-data-description">{description}</div> : null}
      {fields}
    </fieldset>
  );
}

/** A list: its name, its items, and "Add" (no buttons when the form is read only). */
function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { canAdd, className, disabled, fieldPathId, uiSchema, items, onAddClick, readonly, registry, schema, title } =
    props;
  const { t } = useUi();
  const label = useLabel(fieldPathId.path, schema, uiSchema, title);
  const { AddButton } = registry.templates.ButtonTemplates;
  const description = getUiOptions(uiSchema).description || schema.description;
  return (
    <ListContext.Provider value={{ label }}>
      <fieldset className={`quire-data-list ${className ?? ''}`} id={fieldPathId.$id}>
        <legend className="quire-data-legend">{label}</legend>
        {description ? <div className="quire-data-description">{description}</div> : null}
        {items.length ? (
          <div className="quire-data-items">{items}</div>
        ) : (
          <p className="quire-data-none">{t('easy.dataNoItems')}</p>
        )}
        {canAdd && !disabled && !readonly ? (
          <AddButton
            id={buttonId(fieldPathId, 'add')}
            className="rjsf-array-item-add"
            onClick={onAddClick}
            aria-label={t('easy.dataAddTo', { list: label })}
            uiSchema={uiSchema}
            registry={registry}
          />
        ) : null}
      </fieldset>
    </ListContext.Provider>
  );
}

/** An item of a list: a plain value on one line with its buttons; an object or list as a card, buttons on top. */
function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, hasToolbar, registry, uiSchema, schema, disabled, readonly } = props;
  const Buttons = getTemplate('ArrayFieldItemButtonsTemplate', registry, getUiOptions(uiSchema));
  const nested = schema.type === 'object' || schema.type === 'array' || Boolean(schema.properties);
  return (
    <div className={`rjsf-array-item quire-data-item ${nested ? 'quire-data-item-nested' : 'quire-data-item-plain'}`}>
      <div className="quire-data-item-body">{children}</div>
      {hasToolbar && !disabled && !readonly ? (
        <div className="quire-data-item-tools">
          <Buttons {...buttonsProps} />
        </div>
      ) : null}
    </div>
  );
}

/** An item's buttons, each named after the item and its list ("Remove item 2 of Address lines"). */
function ArrayFieldItemButtonsTemplate(props: ArrayFieldItemButtonsTemplateProps) {
  const { disabled, readonly, fieldPathId, index, registry, uiSchema } = props;
  const { t } = useUi();
  const list = useContext(ListContext)?.label ?? '';
  const { CopyButton, MoveDownButton, MoveUpButton, RemoveButton } = registry.templates.ButtonTemplates;
  const names = { n: index + 1, list };
  const off = disabled || readonly;
  const common = { uiSchema, registry };
  return (
    <>
      {props.hasMoveUp || props.hasMoveDown ? (
        <>
          <MoveUpButton
            {...common}
            id={buttonId(fieldPathId, 'moveUp')}
            className="rjsf-array-item-move-up"
            disabled={off || !props.hasMoveUp}
            onClick={props.onMoveUpItem}
            aria-label={t('easy.dataMoveUpItem', names)}
          />
          <MoveDownButton
            {...common}
            id={buttonId(fieldPathId, 'moveDown')}
            className="rjsf-array-item-move-down"
            disabled={off || !props.hasMoveDown}
            onClick={props.onMoveDownItem}
            aria-label={t('easy.dataMoveDownItem', names)}
          />
        </>
      ) : null}
      {props.hasCopy ? (
        <CopyButton
          {...common}
          id={buttonId(fieldPathId, 'copy')}
          className="rjsf-array-item-copy"
          disabled={off}
          onClick={props.onCopyItem}
          aria-label={t('easy.dataCopyItem', names)}
        />
      ) : null}
      {props.hasRemove ? (
        <RemoveButton
          {...common}
          id={buttonId(fieldPathId, 'remove')}
          className="rjsf-array-item-remove"
          disabled={off}
          onClick={props.onRemoveItem}
          aria-label={t('easy.dataRemoveItem', names)}
        />
      ) : null}
    </>
  );
}

/* Inline icons (24-unit grid, drawn with currentColor): no icon font to load. */
const ICONS = {
  up: 'M12 19V5M5 12l7-7 7 7',
  down: 'M12 5v14M19 12l-7 7-7-7',
  remove: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  copy: 'M9 9h11v11H9zM5 15H4V4h11v1',
  add: 'M12 5v14M5 12h14',
} as const;

function Icon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg
      className="quire-data-icon"
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICONS[name]} />
    </svg>
  );
}

/** A button of the form: an icon, the visible text when given, and a name (`aria-label`, else `fallback`). */
function DataButton(props: IconButtonProps & { glyph: keyof typeof ICONS; fallback: string; text?: ReactNode }) {
  const { glyph, fallback, text, icon: _icon, iconType: _iconType, uiSchema: _ui, registry: _reg, ...button } = props;
  const name = props['aria-label'] ?? fallback;
  return (
    <button
      type="button"
      {...button}
      aria-label={text ? button['aria-label'] : name}
      title={props.title ?? name}
      className={`quire-data-button ${text ? 'quire-data-button-text' : 'quire-data-button-icon'} ${props.className ?? ''}`}
    >
      <Icon name={glyph} />
      {text ? <span>{text}</span> : null}
    </button>
  );
}

function AddButton(props: IconButtonProps) {
  const { t } = useUi();
  return <DataButton {...props} glyph="add" fallback={t('easy.dataAdd')} text={t('easy.dataAdd')} />;
}
function RemoveButton(props: IconButtonProps) {
  const { t } = useUi();
  return <DataButton {...props} glyph="remove" fallback={t('easy.dataRemove')} />;
}
function MoveUpButton(props: IconButtonProps) {
  const { t } = useUi();
  return <DataButton {...props} glyph="up" fallback={t('easy.dataMoveUp')} />;
}
function MoveDownButton(props: IconButtonProps) {
  const { t } = useUi();
  return <DataButton {...props} glyph="down" fallback={t('easy.dataMoveDown')} />;
}
function CopyButton(props: IconButtonProps) {
  const { t } = useUi();
  return <DataButton {...props} glyph="copy" fallback={t('easy.dataCopy')} />;
}

const defaults = getDefaultRegistry();

/** The yes/no box: its label (drawn by the widget itself) in plain words as well. */
function CheckboxWidget(props: WidgetProps) {
  const Default = defaults.widgets.CheckboxWidget;
  if (!Default) return null;
  const title = (getUiOptions(props.uiSchema).title as Title) || props.schema.title;
  return <Default {...props} label={title || humanize(props.label)} />;
}

export const DATA_FORM_TEMPLATES: Partial<TemplatesType> = {
  FieldTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  ArrayFieldItemButtonsTemplate,
  ButtonTemplates: {
    ...defaults.templates.ButtonTemplates,
    AddButton,
    RemoveButton,
    MoveUpButton,
    MoveDownButton,
    CopyButton,
  },
};

export const DATA_FORM_WIDGETS: RegistryWidgetsType = { CheckboxWidget };
