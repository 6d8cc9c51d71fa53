import { createFileRoute } from '@tanstack/react-router';
import { ABOUT } from '../../content/about';
import { TextPage } from '../../features/pages/TextPage';

export const Route = createFileRoute('/_public/about')({
  component: () => <TextPage page={ABOUT} />,
});
