/** The 404 page (seed section 2: "Oops! Page not found" with a link home). */
export const NOT_FOUND = {
  title: 'Page not found',
  heading: 'Oops! Page not found',
  body: 'The page you are looking for does not exist or has moved.',
  homeLink: 'Return to Home',
} as const;
