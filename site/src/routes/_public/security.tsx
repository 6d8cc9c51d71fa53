import { createFileRoute } from '@tanstack/react-router';
import { SECURITY } from '../../content/security';
import { TextPage } from '../../features/pages/TextPage';

export const Route = createFileRoute('/_public/security')({
  component: () => <TextPage page={SECURITY} />,
});
