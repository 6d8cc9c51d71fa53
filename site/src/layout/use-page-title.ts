import { useEffect } from 'react';
import { PRODUCT_NAME } from '../content/navigation';

/** The document title of a page: "About · Quire"; the landing page is just the product. */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : `${PRODUCT_NAME}: AI report generation for developers`;
  }, [title]);
}
