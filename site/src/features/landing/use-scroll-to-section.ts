import { useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { scrollBehavior } from '../../layout/use-reduced-motion';

/**
 * Scrolls to the section named by the navigation's `scrollTo` state (a header or footer link: Features, Pricing,
 * FAQ), once per navigation; without one the router has already put the page at its top. Focus moves to the
 * section too, so that keyboard and screen reader users land where they asked to go.
 */
export function useScrollToSection(): void {
  const scrollTo = useLocation({ select: (location) => location.state.scrollTo });
  const key = useLocation({ select: (location) => location.state.__TSR_key ?? location.state.key });
  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation (its key) scrolls again, even to the same section.
  useEffect(() => {
    if (!scrollTo) return;
    const section = document.getElementById(scrollTo);
    if (!section) return;
    section.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
    const heading = section.querySelector<HTMLElement>('h2');
    if (heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    }
  }, [scrollTo, key]);
}
