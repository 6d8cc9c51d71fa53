import { createFileRoute } from '@tanstack/react-router';
import { TERMS } from '../../content/legal';
import { TextPage } from '../../features/pages/TextPage';

export const Route = createFileRoute('/_public/terms')({
  component: () => <TextPage page={TERMS} />,
});
