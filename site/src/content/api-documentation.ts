/**
 * The texts of the in-app API reference (issue 14 item 9). The seed links API Docs but shows no contents: ours.
 */
export const API_DOCUMENTATION_TEXT = {
  title: 'API Documentation',
  lead: 'Every operation of the Quire API, with examples for your team.',
  loading: 'Loading the API reference…',
  loadFailed: 'Failed to load the API reference',
  search: 'Search operations',
  searchPlaceholder: 'e.g. report, template, POST',
  tag: 'Section',
  allTags: 'All sections',
  noMatch: 'No operations match your search.',
  matches: (n: number) => `${n} ${n === 1 ? 'operation' : 'operations'}`,
  baseUrl: 'Base URL',
  auth: 'Authentication',
  authText:
    'Send an API key of this team as a bearer token: Authorization: Bearer $QUIRE_API_KEY. Make one on API Access.',
  examplesFor: (name: string) => `Examples use your template “${name}”:`,
  noTemplate: 'Make a template and its id will fill the examples here.',
  parameters: 'Parameters',
  requestBody: 'Request body',
  responses: 'Responses',
  example: 'Example request',
  responseExample: 'Example answer',
  required: 'required',
  oneOf: 'One of:',
  noAuth: 'No authentication needed.',
  rawDocument: 'The OpenAPI document',
  columns: { name: 'Name', in: 'In', description: 'Description' },
} as const;
