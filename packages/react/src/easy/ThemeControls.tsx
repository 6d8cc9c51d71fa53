import { PageSetup, TemplateContent } from '@quire/core';
import { type ChangeEvent, useId, useState } from 'react';
import { z } from 'zod';
import type { TemplateDraft } from '../builder/types';
import { uiSettingsShape } from '../props/shared';
import { fn, parseProps } from '../props/validate';
import { Standalone } from '../root/Standalone';
import { useUi } from '../root/ui-context';
import { Button } from '../ui/Button';
import {
  colourCount,
  currentFont,
  type DraftPatch,
  type FontChoice,
  findAccent,
  findLogo,
  fontChoiceOf,
  LOGO_TYPES,
  MAX_LOGO_BYTES,
  removeLogo,
  setAccent,
  setFont,
  setLogo,
} from './theme';

export const ThemeControlsProps = z
  .object({
    value: TemplateContent,
    /** The draft after a change, and the fields the change touched. */
    onChange: fn<(draft: TemplateDraft, fields: (keyof TemplateDraft)[]) => void>(),
    readOnly: z.boolean().optional(),
    className: z.string().optional(),
    ...uiSettingsShape,
  })
  .strict();

export type ThemeControlsProps = z.input<typeof ThemeControlsProps>;

const FONTS: FontChoice[] = ['sans', 'serif', 'mono'];
const SIZES = ['A4', 'Letter', 'Legal'] as const;

/** Reads a file as a data URI. */
function dataUri(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * The template's look without code: its accent colour, its font, its logo (uploaded into the template as a data
 * URI) and its page. Each control changes only what it names, in the template's own HTML and CSS.
 */
export function ThemeControls(input: ThemeControlsProps) {
  const props = parseProps('ThemeControls', ThemeControlsProps, input);
  return (
    <Standalone settings={props}>
      <ThemeControlsBody props={props} />
    </Standalone>
  );
}

function ThemeControlsBody({ props }: { props: z.output<typeof ThemeControlsProps> }) {
  const { t } = useUi();
  const draft = props.value as TemplateDraft;
  const ids = { accent: useId(), font: useId(), size: useId(), orientation: useId() };
  const [logoProblem, setLogoProblem] = useState<string | null>(null);
  // The colour last chosen here stays the accent while it is written, even a grey the detection would skip.
  const [chosen, setChosen] = useState<string | null>(null);
  const accent = chosen && colourCount(draft, chosen) > 0 ? chosen : findAccent(draft);
  const family = currentFont(draft.css);
  const font = fontChoiceOf(family);
  const logo = findLogo(draft);
  const disabled = props.readOnly ?? false;

  const apply = (patch: DraftPatch) => {
    const fields = Object.keys(patch) as (keyof TemplateDraft)[];
    if (fields.length) props.onChange({ ...draft, ...patch }, fields);
  };
  const onLogo = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return setLogoProblem(t('easy.logoType'));
    if (file.size > MAX_LOGO_BYTES) return setLogoProblem(t('easy.logoTooLarge', { max: MAX_LOGO_BYTES / 1024 }));
    setLogoProblem(null);
    apply(setLogo(draft, await dataUri(file)));
  };
  const page = PageSetup.parse(draft.page);
  const setPage = (next: Partial<PageSetup>) => apply({ page: { ...page, ...next } });

  return (
    <div className={`quire-theme-controls${props.className ? ` ${props.className}` : ''}`}>
      <div className="quire-field">
        <label htmlFor={ids.accent}>{t('easy.accent')}</label>
        <input
          id={ids.accent}
          type="color"
          value={accent ?? '#1f4e79'}
          disabled={disabled}
          onChange={(event) => {
            apply(setAccent(draft, accent, event.target.value));
            setChosen(event.target.value.toLowerCase());
          }}
        />
        {accent ? null : <p className="quire-muted">{t('easy.accentNone')}</p>}
      </div>
      <div className="quire-field">
        <label htmlFor={ids.font}>{t('easy.font')}</label>
        <select
          className="quire-input"
          id={ids.font}
          value={font ?? ''}
          disabled={disabled}
          onChange={(event) => apply({ css: setFont(draft.css, event.target.value as FontChoice) })}
        >
          {font === null ? <option value="">{t('easy.font.other', { family: family ?? '—' })}</option> : null}
          {FONTS.map((choice) => (
            <option key={choice} value={choice}>
              {t(`easy.font.${choice}`)}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="quire-fieldset">
        <legend>{t('easy.logo')}</legend>
        {logo?.src ? <img className="quire-logo-thumb" src={logo.src} alt={t('easy.logoAlt')} /> : null}
        {logo && logo.src === null ? (
          <p className="quire-muted">{t('easy.logoFromData')}</p>
        ) : (
          <div className="quire-row">
            <label className="quire-button quire-button-secondary quire-button-sm quire-file-button">
              {logo ? t('easy.logoReplace') : t('easy.logoUpload')}
              <input
                type="file"
                accept={LOGO_TYPES.join(',')}
                disabled={disabled}
                className="quire-visually-hidden"
                onChange={(event) => void onLogo(event)}
              />
            </label>
            {logo ? (
              <Button size="sm" variant="ghost" disabled={disabled} onClick={() => apply(removeLogo(draft))}>
                {t('easy.logoRemove')}
              </Button>
            ) : null}
          </div>
        )}
        {logoProblem ? (
          <p className="quire-problem" data-level="error" role="alert">
            {logoProblem}
          </p>
        ) : null}
      </fieldset>
      <div className="quire-field">
        <label htmlFor={ids.size}>{t('page.size')}</label>
        <select
          className="quire-input"
          id={ids.size}
          value={page.size}
          disabled={disabled}
          onChange={(event) => setPage({ size: event.target.value as PageSetup['size'] })}
        >
          {SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
          {page.size === 'custom' ? (
            <option value="custom">
              {t('page.custom')} ({page.width_mm} × {page.height_mm} mm)
            </option>
          ) : null}
        </select>
      </div>
      <fieldset className="quire-fieldset" disabled={disabled}>
        <legend>{t('page.orientation')}</legend>
        {(['portrait', 'landscape'] as const).map((orientation) => (
          <label key={orientation} className="quire-radio">
            <input
              type="radio"
              name={ids.orientation}
              value={orientation}
              checked={page.orientation === orientation}
              onChange={() => setPage({ orientation })}
            />
            {t(`page.${orientation}`)}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
