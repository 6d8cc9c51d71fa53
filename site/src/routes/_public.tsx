import { createFileRoute } from '@tanstack/react-router';
import { PublicLayout } from '../layout/PublicLayout';

// The public pages' layout (header and footer), without a path of its own: /home, /about, /login… sit in
// src/routes/_public/.
export const Route = createFileRoute('/_public')({
  component: PublicLayout,
});
