import { createFileRoute } from '@tanstack/react-router';
import { VisitorBuilder } from '../../../features/builder/VisitorBuilder';

// "Try Template Builder" from the landing page: the builder on a local draft, for anyone.
export const Route = createFileRoute('/_public/templates/new')({
  component: VisitorBuilder,
});
