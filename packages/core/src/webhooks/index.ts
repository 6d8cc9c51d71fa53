export * from './signature';
export * from './webhook.schema';
