import * as Switch from '@radix-ui/react-switch';
import { useId } from 'react';
import { useUi } from '../root/ui-context';
import { Button } from '../ui/Button';
import { useBuilderController, useBuilderState } from './context';

/** The AI chat panel's toggle: whether it is open, and the id of the panel it controls. */
export interface ChatToggle {
  open: boolean;
  toggle(): void;
  id: string;
}

/** The builder's top bar: name, Easy/Boss switch, undo and redo, the AI chat, save state, save and publish. */
export function Toolbar({ chat }: { chat: ChatToggle | null }) {
  const controller = useBuilderController('Toolbar');
  const { t } = useUi();
  const switchId = useId();
  const { permissions, templateId } = controller.options;
  const name = useBuilderState(controller, (s) => s.draft.name);
  const mode = useBuilderState(controller, (s) => (permissions.editCode ? s.mode : 'easy'));
  const canUndo = useBuilderState(controller, (s) => s.canUndo);
  const canRedo = useBuilderState(controller, (s) => s.canRedo);
  const saving = useBuilderState(controller, (s) => s.saving);
  const publishing = useBuilderState(controller, (s) => s.publishing);
  const dirty = useBuilderState(controller, () => controller.dirty);
  const ready = useBuilderState(controller, (s) => s.status === 'ready');
  const ignore = () => {
    // Failures reach the host through onError; the toolbar has nothing more to do with them.
  };
  return (
    <div className="quire-toolbar" role="toolbar" aria-label={t('builder.toolbar')}>
      <input
        className="quire-input quire-toolbar-name"
        aria-label={t('builder.name')}
        value={name}
        disabled={!ready}
        readOnly={controller.readOnly}
        onChange={(event) => controller.change({ name: event.target.value })}
      />
      {permissions.editCode ? (
        <div className="quire-mode-switch">
          <label htmlFor={switchId}>{t('mode.boss')}</label>
          <Switch.Root
            id={switchId}
            className="quire-switch"
            checked={mode === 'boss'}
            onCheckedChange={(checked) => controller.setMode(checked ? 'boss' : 'easy')}
          >
            <Switch.Thumb className="quire-switch-thumb" />
          </Switch.Root>
        </div>
      ) : null}
      <div className="quire-toolbar-group">
        <Button size="sm" variant="ghost" disabled={!canUndo} onClick={() => controller.undo()}>
          {t('actions.undo')}
        </Button>
        <Button size="sm" variant="ghost" disabled={!canRedo} onClick={() => controller.redo()}>
          {t('actions.redo')}
        </Button>
      </div>
      {chat ? (
        <Button
          size="sm"
          variant="ghost"
          aria-pressed={chat.open}
          aria-controls={chat.open ? chat.id : undefined}
          onClick={chat.toggle}
        >
          {t('chat.label')}
        </Button>
      ) : null}
      <span className="quire-toolbar-spacer" />
      <span className="quire-save-state" data-dirty={dirty}>
        {dirty ? t('builder.unsaved') : t('builder.saved')}
      </span>
      {permissions.save ? (
        <Button
          variant={permissions.publish && templateId ? 'secondary' : 'primary'}
          disabled={!ready || saving || !dirty}
          onClick={() => controller.save().catch(ignore)}
        >
          {saving ? t('actions.saving') : t('actions.save')}
        </Button>
      ) : null}
      {permissions.publish && templateId !== undefined ? (
        <Button variant="primary" disabled={!ready || publishing} onClick={() => controller.publish().catch(ignore)}>
          {publishing ? t('actions.publishing') : t('actions.publish')}
        </Button>
      ) : null}
    </div>
  );
}
