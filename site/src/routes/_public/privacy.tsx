import { createFileRoute } from '@tanstack/react-router';
import { PRIVACY } from '../../content/legal';
import { TextPage } from '../../features/pages/TextPage';

export const Route = createFileRoute('/_public/privacy')({
  component: () => <TextPage page={PRIVACY} />,
});
