/**
 * Every string the components show, in English. `messages` (on the provider or any component) overrides any of
 * them; `{name}` marks a value filled in at run time. Keys are grouped by the part of the UI they belong to, so
 * that the parts other folders add (Easy Mode, the PDF preview, the AI chat…) add their own group here.
 */
export const en = {
  'builder.label': 'Template builder',
  'builder.untitled': 'Untitled template',
  'builder.name': 'Template name',
  'builder.toolbar': 'Template actions',
  'builder.loading': 'Loading the template…',
  'builder.loadFailed': 'The template could not be loaded.',
  'builder.retry': 'Try again',
  'builder.unsaved': 'Unsaved changes',
  'builder.saved': 'Saved',
  'builder.savedVersion': 'Version {version} saved',
  'builder.publishedVersion': 'Version {version} published',

  'mode.label': 'Editing mode',
  'mode.easy': 'Easy Mode',
  'mode.boss': 'Boss Mode',
  'mode.switchedEasy': 'Switched to Easy Mode',
  'mode.switchedBoss': 'Switched to Boss Mode',
  'mode.bossNotAllowed': 'Editing the code is not allowed here',

  'actions.save': 'Save',
  'actions.saving': 'Saving…',
  'actions.publish': 'Publish',
  'actions.publishing': 'Publishing…',
  'actions.undo': 'Undo',
  'actions.redo': 'Redo',
  'actions.more': 'More actions',
  'actions.close': 'Close',
  'actions.cancel': 'Cancel',

  'editor.html': 'HTML',
  'editor.css': 'CSS',
  'editor.header': 'Header',
  'editor.footer': 'Footer',
  'editor.data': 'Sample data',
  'editor.page': 'Page',
  'editor.sampleData': 'Sample data',
  'editor.versions': 'Versions',
  'editor.sources': 'Template sources',
  'editor.loading': 'Loading the editor…',
  'editor.label': '{part} editor',
  'editor.readOnly': 'Read only',

  'completion.variable': 'variable',
  'completion.filter': 'filter',
  'completion.sample': 'sample: {value}',
  'hover.sample': 'Sample value',
  'hover.noSample': 'Not in the sample data',

  'page.size': 'Size',
  'page.orientation': 'Orientation',
  'page.portrait': 'Portrait',
  'page.landscape': 'Landscape',
  'page.margins': 'Margins (mm)',
  'page.marginTop': 'Top',
  'page.marginRight': 'Right',
  'page.marginBottom': 'Bottom',
  'page.marginLeft': 'Left',
  'page.width': 'Width (mm)',
  'page.height': 'Height (mm)',
  'page.custom': 'Custom',

  'data.label': 'Sample data (JSON)',
  'data.invalidJson': 'Not valid JSON: {message}',
  'data.notObject': 'The sample data must be a JSON object',
  'data.missing': 'Missing {path}, which the template prints',
  'data.unexpected': '{path} is not used by the template',
  'data.mismatched': '{path} is {actual}; the template uses it as {expected}',
  'data.valid': 'Matches the template',
  'data.readOnly': 'The sample data cannot be changed here',

  'variables.title': 'Variables',
  'variables.empty': 'The template uses no variables yet.',
  'variables.insert': 'Insert {path}',
  'variables.search': 'Find a variable',
  'variables.noSample': 'no sample',

  'preview.label': 'Preview',
  'preview.format': 'Preview format',
  'preview.html': 'HTML',
  'preview.pdf': 'PDF',
  'preview.frameTitle': 'Preview of the report',
  'preview.rendering': 'Rendering…',
  'preview.error': 'Error in the {part}, line {line}: {message}',
  'preview.errorNoLine': 'Error in the {part}: {message}',
  'preview.stale': 'Showing the last preview that rendered',
  'preview.pdfUnavailable': 'The PDF preview is not available here',

  'lint.missingData': 'The sample data has no {path}',

  'versions.title': 'Versions',
  'versions.empty': 'No versions yet.',
  'versions.version': 'Version {version}',
  'versions.published': 'Published',
  'versions.compare': 'Compare with the draft',
  'versions.restore': 'Restore',
  'versions.publish': 'Publish this version',
  'versions.restored': 'Version {version} restored as version {latest}',
  'versions.diffTitle': 'Version {version} (left) and the draft (right)',
  'versions.field': 'Part',
  'versions.noMessage': 'No message',
  'versions.needsTemplate': 'Versions appear once the template is saved to Quire.',
  'versions.loading': 'Loading versions…',
  'versions.noDifferences': 'The two are the same.',
  'versions.parts': 'Changed parts',
  'versions.before': 'Before',
  'versions.after': 'After',
  'versions.draft': 'Draft',

  'ai.review': 'Review the AI changes',
  'ai.reply': 'The AI says',
  'ai.accept': 'Accept',
  'ai.reject': 'Reject',
  'ai.working': 'The AI is working…',
  'ai.noChanges': 'The AI changed nothing in this part.',
  'ai.draftVersion': 'Serious findings remain, so the AI saved this as a draft.',

  'errors.connection_error': 'Could not reach Quire. Check the connection and try again.',
  'errors.timeout': 'Quire did not answer in time. Please try again.',
  'errors.template_required': 'This needs a template saved to Quire (a templateId).',
  'errors.client_required': 'This needs a Quire client: wrap the builder in <QuireProvider>.',
  'errors.not_permitted': 'You are not allowed to do this here.',
  'errors.sample_data_invalid': 'The sample data is not valid JSON.',
  'errors.pdf_preview_unavailable': 'The PDF preview is not available here.',
  'errors.unknown': 'Something went wrong. Please try again.',

  'theme.label': 'Theme',
} as const;

/** The keys of the dictionary. */
export type MessageKey = keyof typeof en;

/** The whole dictionary: every key, any text. */
export type Messages = { readonly [K in MessageKey]: string };

/** What `messages` takes: any subset of the keys. */
export type MessageOverrides = Partial<Messages>;
