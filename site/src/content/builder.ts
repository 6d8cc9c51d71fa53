/** /templates/new for a visitor: the builder on a draft kept in this browser tab. */
export const VISITOR_BUILDER = {
  title: 'Template Builder',
  lead: 'Pick a starter, switch to Boss Mode to edit its HTML, Liquid and sample data, and watch the HTML or the exact PDF follow as you type. Nothing leaves your browser until you sign up.',
  starters: 'Start from a starter',
  download: 'Download PDF',
  downloading: 'Rendering the PDF…',
  downloadFailed: 'The PDF could not be made:',
  startersTitle: 'Start from a starter',
  startersBody: 'The starter replaces the template you are editing. Undo brings it back.',
  startingStarter: 'invoice',
  signUpTitle: 'Sign up to save your template',
  signUpBody:
    'Saving keeps your template in Quire, with versions, the AI and the API to render it. Create a free account and pick up where you left off: this draft stays in this tab.',
  signUp: { label: 'Create a free account', to: '/register' },
  signIn: { label: 'Sign in', to: '/login' },
  keepEditing: 'Keep editing',
} as const;
