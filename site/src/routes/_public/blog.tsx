import { createFileRoute } from '@tanstack/react-router';
import { BlogPage } from '../../features/pages/BlogPage';

export const Route = createFileRoute('/_public/blog')({
  component: BlogPage,
});
