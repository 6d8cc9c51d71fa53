/** The templates' query keys (after the team's: useTeamKey(...templatesKey)) and where making one starts. */
export const templatesKey = ['templates'] as const;

export const templateKey = (id: string) => ['templates', 'one', id] as const;

/** Easy Mode's way in is the plain-words screen; Boss Mode's offers every way (blank, import HTML too). */
export function newTemplatePath(boss: boolean): '/templates/new' | '/templates/easy/new' {
  return boss ? '/templates/new' : '/templates/easy/new';
}
