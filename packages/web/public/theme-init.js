// Applies the saved light/dark mode before the first paint, so a dark-mode visitor never sees a
// white flash. A separate blocking file, not an inline script: the Content-Security-Policy
// forbids inline scripts. The key matches THEME_STORAGE_KEY in src/features/theme/theme-slice.ts.
(function () {
  var mode = 'light';
  try {
    var saved = window.localStorage.getItem('theme-mode');
    if (saved === 'light' || saved === 'dark') mode = saved;
  } catch {
    // Storage is blocked: keep the default.
  }
  document.documentElement.setAttribute('data-theme', mode);
})();
