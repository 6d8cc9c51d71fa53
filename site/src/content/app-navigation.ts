/** The signed-in app's sidebar (seed section 2, "Authenticated area"), in its order. */
export const APP_NAVIGATION = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Templates', to: '/templates' },
  { label: 'Reports', to: '/reports' },
  { label: 'Data Sources', to: '/data-sources' },
  { label: 'Team', to: '/team' },
  { label: 'API Access', to: '/api-access' },
  { label: 'API Documentation', to: '/api-documentation' },
  { label: 'Subscription', to: '/subscription' },
  { label: 'Settings', to: '/settings' },
] as const;

export const APP_SHELL_TEXT = {
  easyMode: 'Easy Mode',
  bossMode: 'Boss Mode',
  logout: 'Logout',
  team: 'Team',
  menu: 'Menu',
  navigation: 'App',
} as const;

/** The seed's mode messages (section 8), checked by the tests. */
export const MODE_MESSAGES = {
  switchedToEasy: 'Switched to Easy Mode',
  switchedToBoss: 'Switched to Boss Mode',
  failed: 'Failed to update mode preference',
} as const;
