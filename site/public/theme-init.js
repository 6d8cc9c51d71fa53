// Runs before the first paint (a file, not an inline script, so the page's Content-Security-Policy can forbid
// inline scripts): the theme the person chose, or the OS's, so that a dark page never flashes white.
(() => {
  let preference = 'system';
  try {
    preference = localStorage.getItem('quire-theme') || 'system';
  } catch {}
  const dark = preference === 'dark' || (preference !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
})();
