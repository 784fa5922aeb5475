// Runs before first paint (plain <script src> in <head>): applies the stored theme so that a dark
// page never flashes light. Kept in step with src/lib/theme.ts (key "theme", default "light").
/* global window, document */
(function () {
  var theme = "light";
  try {
    if (window.localStorage.getItem("theme") === "dark") theme = "dark";
  } catch {
    // Storage can be blocked (privacy settings); the default theme applies.
  }
  var root = document.documentElement;
  root.setAttribute("data-theme", theme);
  root.classList.toggle("dark", theme === "dark");
  root.style.colorScheme = theme;
})();
