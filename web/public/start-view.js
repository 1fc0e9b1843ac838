// Runs before the page paints (a classic script in <head>; the CSP allows no inline script). The
// HTML holds the prerendered landing page; a visitor who will see the app instead (a route other
// than `/`, or a session Amplify may restore) must not see it flash first, so it is hidden here.
// The same rule as `initialView` in src/app/root.tsx.
(() => {
  let app = window.location.pathname !== '/';
  try {
    for (let index = 0; !app && index < localStorage.length; index += 1) {
      app = localStorage.key(index)?.startsWith('CognitoIdentityServiceProvider.') === true;
    }
  } catch {
    // No storage access (privacy modes): then no session can be restored either.
  }
  if (app) document.documentElement.dataset.startView = 'app';
})();
