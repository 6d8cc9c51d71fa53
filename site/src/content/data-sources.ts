/**
 * The texts of the Data Sources screens (issue 14 item 6). The seed names the section ("Data Sources",
 * /data-sources) but shows none of its contents, so these are ours; the browser tests check the screens against them.
 */
export const DATA_SOURCES_TEXT = {
  title: 'Data Sources',
  lead: 'Where your reports get their data: a web API, a database, or a file you upload.',
  add: 'Add data source',
  empty: 'No data sources yet. Add one to fill reports from an API, a database or a file.',
  noAccess: 'Your role in this team cannot see data sources.',
  loadFailed: 'Failed to load data sources',
  columns: { name: 'Name', kind: 'Kind', details: 'Details', created: 'Created' },
  back: 'All data sources',
  newTitle: 'Add a data source',
  editTitle: 'Settings',
  readOnlyNote: 'Only owners and admins can change data sources.',
  save: 'Save changes',
  create: 'Add data source',
  saving: 'Saving…',
  created: 'Data source added',
  saved: 'Changes saved',
  saveFailed: 'Failed to save the data source',
  cancel: 'Cancel',
  test: 'Test connection',
  testing: 'Testing…',
  testOk: 'Connection works',
  testFailed: 'Connection failed',
  preview: 'Preview data',
  previewing: 'Loading…',
  previewTitle: 'First rows',
  schemaTitle: 'Data fields',
  rowsShown: (shown: number, total: number) => `Showing ${shown} of ${total} ${total === 1 ? 'row' : 'rows'}.`,
  rowsTruncated: 'The source had more rows than it may read at once.',
  noRowsAccess: 'Your role can test this source but not see its rows.',
  remove: 'Delete',
  removeTitle: (name: string) => `Delete “${name}”?`,
  removeBody: 'Reports that use this data source will fail until you pick another one. This cannot be undone.',
  removeConfirm: 'Delete data source',
  removed: 'Data source deleted',
  removeFailed: 'Failed to delete the data source',
  requestId: 'Request id',
  config: 'Settings as JSON',
  secretSet: 'Set: hidden. Type a new value to replace it.',
  secretKeep: 'Leave empty to keep the saved value.',
  kindLegend: 'Where does the data come from?',
  notFound: 'No such data source in this team.',
} as const;

/** The kinds the service has (`type`, and `format` for uploads), in plain words. */
export const DATA_SOURCE_KINDS = {
  http: { label: 'Web API (HTTP)', hint: 'Data from a URL that answers JSON.' },
  postgres: { label: 'PostgreSQL database', hint: 'Rows from a SELECT query.' },
  mysql: { label: 'MySQL or MariaDB database', hint: 'Rows from a SELECT query.' },
  csv: { label: 'CSV file', hint: 'A spreadsheet saved as CSV; the first line names the columns.' },
  json: { label: 'JSON file', hint: 'A JSON document.' },
} as const;

/** Form labels and their hints, per field. */
export const DATA_SOURCE_FIELDS = {
  name: { label: 'Name', hint: 'For people, e.g. “Orders API”.' },
  description: { label: 'Description', hint: 'What the data is (optional).' },
  url: { label: 'URL', hint: 'http(s) address. {{name}} in the path or query is filled when a report runs.' },
  method: { label: 'Method' },
  headers: { label: 'Headers', hint: 'Sent with every request, e.g. Authorization. Values are kept secret.' },
  headerName: { label: 'Header name' },
  headerValue: { label: 'Header value' },
  addHeader: 'Add header',
  removeHeader: (name: string) => `Remove header ${name || '(unnamed)'}`,
  body: { label: 'Request body (JSON)', hint: 'Sent with POST.' },
  dataPath: { label: 'Where the data is in the answer', hint: 'A JSONPath such as $.data.items ($ is everything).' },
  timeout: { label: 'Time limit (milliseconds)' },
  connection: {
    label: 'Connection string',
    hint: 'postgres://user:password@host:5432/database (or mysql://…). Kept secret.',
  },
  connectionSet: (where: string) => `Connected to ${where}.`,
  query: { label: 'Query', hint: 'One SELECT statement.' },
  params: {
    label: 'Parameters',
    hint: 'Names for the placeholders ($1, $2… or ?), in order, separated by commas.',
  },
  rowLimit: { label: 'Most rows to read' },
  file: { label: 'File', hint: 'Choose a file, or paste its contents below (at most 5 MB).' },
  content: { label: 'Contents' },
  delimiter: { label: 'Column separator' },
  jsonPath: { label: 'Where the data is in the file', hint: 'A JSONPath such as $.items ($ is everything).' },
} as const;

export const CSV_DELIMITERS = [
  { value: ',', label: 'Comma (,)' },
  { value: ';', label: 'Semicolon (;)' },
  { value: '\t', label: 'Tab' },
  { value: '|', label: 'Pipe (|)' },
] as const;
