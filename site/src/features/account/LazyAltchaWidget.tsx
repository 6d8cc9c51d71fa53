import { lazy, Suspense } from 'react';
import type { AltchaWidgetProps } from '../contact/AltchaWidget';

// The widget (about 30 kB gzipped, and its worker) only when the service asks a sign-in for a proof of work: most
// sign-ins never load it.
const AltchaWidget = lazy(() => import('../contact/AltchaWidget').then((module) => ({ default: module.AltchaWidget })));

export function LazyAltchaWidget(props: AltchaWidgetProps) {
  return (
    <Suspense fallback={<p role="status">Loading the verification…</p>}>
      <AltchaWidget {...props} />
    </Suspense>
  );
}
