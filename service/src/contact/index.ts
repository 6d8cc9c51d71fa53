export { type ContactDeps, type ContactMessage, createContactRoutes } from './routes';
