export { buildOpenApiDocument, type OpenApiOptions, openApiPath } from './document';
export { type HttpMethod, OPERATIONS, type Operation, type Security, TAGS, type Tag } from './operations';
export { openApiRouter } from './router';
