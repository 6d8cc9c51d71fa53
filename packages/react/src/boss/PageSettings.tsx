import { PAGE_SIZES, type PageSetup, pageRoomProblem } from '@quire/core';
import { useId } from 'react';
import { useBuilderController, useBuilderState } from '../builder/context';
import { useUi } from '../root/ui-context';
import { NumberInput } from '../ui/NumberInput';

const SIDES = ['top', 'right', 'bottom', 'left'] as const;
const SIDE_LABELS = {
  top: 'page.marginTop',
  right: 'page.marginRight',
  bottom: 'page.marginBottom',
  left: 'page.marginLeft',
} as const;

/** Page size, orientation and margins of the draft (millimetres). */
export function PageSettings() {
  const controller = useBuilderController('PageSettings');
  const { t } = useUi();
  const page = useBuilderState(controller, (s) => s.draft.page);
  const id = useId();
  const readOnly = !controller.options.permissions.editCode || controller.readOnly;
  // Margins that leave no room are said at once, beside the fields: the service refuses to save such a page.
  const noRoom = pageRoomProblem(page);
  const problemId = `${id}-no-room`;
  const update = (patch: Partial<PageSetup>) => {
    const next: PageSetup = { ...page, ...patch };
    // A custom size starts from the size it replaces, so the page does not jump.
    if (patch.size === 'custom' && page.size !== 'custom') {
      const base = PAGE_SIZES[page.size];
      next.width_mm = base.width_mm;
      next.height_mm = base.height_mm;
    }
    if (patch.size && patch.size !== 'custom') {
      delete next.width_mm;
      delete next.height_mm;
    }
    controller.change({ page: next });
  };
  return (
    <form className="quire-page-settings" onSubmit={(event) => event.preventDefault()}>
      <div className="quire-field">
        <label htmlFor={`${id}-size`}>{t('page.size')}</label>
        <select
          id={`${id}-size`}
          className="quire-input"
          value={page.size}
          disabled={readOnly}
          onChange={(event) => update({ size: event.target.value as PageSetup['size'] })}
        >
          {(['A4', 'Letter', 'Legal'] as const).map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
          <option value="custom">{t('page.custom')}</option>
        </select>
      </div>
      {page.size === 'custom' ? (
        <div className="quire-field-row">
          <div className="quire-field">
            <label htmlFor={`${id}-width`}>{t('page.width')}</label>
            <NumberInput
              id={`${id}-width`}
              className="quire-input"
              min={20}
              max={5000}
              value={page.width_mm}
              disabled={readOnly}
              onValue={(width_mm) => update({ width_mm })}
            />
          </div>
          <div className="quire-field">
            <label htmlFor={`${id}-height`}>{t('page.height')}</label>
            <NumberInput
              id={`${id}-height`}
              className="quire-input"
              min={20}
              max={5000}
              value={page.height_mm}
              disabled={readOnly}
              onValue={(height_mm) => update({ height_mm })}
            />
          </div>
        </div>
      ) : null}
      <fieldset className="quire-fieldset" disabled={readOnly}>
        <legend>{t('page.orientation')}</legend>
        {(['portrait', 'landscape'] as const).map((orientation) => (
          <label key={orientation} className="quire-radio">
            <input
              type="radio"
              name={`${id}-orientation`}
              value={orientation}
              checked={page.orientation === orientation}
              onChange={() => update({ orientation })}
            />
            {t(orientation === 'portrait' ? 'page.portrait' : 'page.landscape')}
          </label>
        ))}
      </fieldset>
      <fieldset className="quire-fieldset" disabled={readOnly}>
        <legend>{t('page.margins')}</legend>
        <div className="quire-field-row">
          {SIDES.map((side) => (
            <div key={side} className="quire-field">
              <label htmlFor={`${id}-${side}`}>{t(SIDE_LABELS[side])}</label>
              <NumberInput
                id={`${id}-${side}`}
                className="quire-input"
                min={0}
                max={200}
                step={0.5}
                value={page.margins[side]}
                aria-invalid={noRoom ? true : undefined}
                aria-describedby={noRoom ? problemId : undefined}
                onValue={(margin) => update({ margins: { ...page.margins, [side]: margin } })}
              />
            </div>
          ))}
        </div>
        {noRoom ? (
          <p id={problemId} className="quire-problem" data-level="error" role="alert">
            {t(noRoom.axis === 'width' ? 'page.noRoomAcross' : 'page.noRoomDown', {
              page: noRoom.page_mm,
              margins: noRoom.margins_mm,
            })}
          </p>
        ) : null}
      </fieldset>
    </form>
  );
}
