import { useId } from 'react';
import { APP_SHELL_TEXT as T } from '../../content/app-navigation';
import { useWorkspace } from '../../workspace/team';

/** For people in several teams: which one the app acts for. Nothing for people in one team. */
export function TeamSwitcher() {
  const { team, teams, switchTeam } = useWorkspace();
  const id = useId();
  if (teams.length < 2) return null;
  return (
    <div className="app-team-switcher">
      <label htmlFor={id}>{T.team}</label>
      <select id={id} value={team.id} onChange={(event) => switchTeam(event.target.value)}>
        {teams.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name} ({t.role})
          </option>
        ))}
      </select>
    </div>
  );
}
