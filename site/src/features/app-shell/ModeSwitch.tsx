import * as Switch from '@radix-ui/react-switch';
import { APP_SHELL_TEXT as T } from '../../content/app-navigation';
import { useMode } from '../../workspace/mode';

/** Easy Mode / Boss Mode, saved to the profile; disabled while it saves (seed section 4). */
export function ModeSwitch() {
  const { mode, saving, setMode } = useMode();
  return (
    <div className="app-mode">
      <span id="app-mode-easy" className={mode === 'easy' ? 'app-mode-on' : undefined}>
        {T.easyMode}
      </span>
      <Switch.Root
        className="app-switch"
        checked={mode === 'boss'}
        disabled={saving}
        onCheckedChange={(boss) => setMode(boss ? 'boss' : 'easy')}
        aria-label={T.bossMode}
      >
        <Switch.Thumb className="app-switch-thumb" />
      </Switch.Root>
      <span className={mode === 'boss' ? 'app-mode-on' : undefined}>{T.bossMode}</span>
    </div>
  );
}
