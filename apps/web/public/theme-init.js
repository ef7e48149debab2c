// Applies the saved theme before the app bundle loads, so the page never flashes the wrong theme.
// Runs as a plain file because the Content-Security-Policy forbids inline scripts.
// Mirrors STORAGE_KEYS.theme and THEME_COLORS in src/config; keep them in step.
(function () {
  var preference = 'dark';
  try {
    var saved = window.localStorage.getItem('meridian.theme');
    if (saved === 'light' || saved === 'dark' || saved === 'system') preference = saved;
  } catch (error) {
    // Storage can be unavailable (privacy mode); the default applies.
  }
  var resolved =
    preference === 'system'
      ? window.matchMedia('(prefers-color-scheme: dark)').matches
        ? 'dark'
        : 'light'
      : preference;
  var root = document.documentElement;
  root.classList.remove('light', 'dark');
  root.classList.add(resolved);
  root.style.colorScheme = resolved;
  var meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', resolved === 'dark' ? '#1e293b' : '#ffffff');
})();
