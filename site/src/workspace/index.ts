// The signed-in app's shared pieces: the acting team and its client, the role's permissions, Easy/Boss Mode, and
// Boss Mode's API snippets. Every dashboard screen (src/features/<screen>/) builds on these.

export { ApiSnippet, CopyButton } from './ApiSnippet';
export { type ApiAction, clientSnippet, credentialVariable, curlSnippet, mcpSnippet } from './api-snippets';
export { MODE_MESSAGES, type Mode, profileQueryKey, useBossMode, useMode } from './mode';
export {
  TEAM_STORAGE_KEY,
  type Team,
  teamsQueryKey,
  useTeamClient,
  useTeamKey,
  useWorkspace,
  type Workspace,
  WorkspaceProvider,
} from './team';
