// Runs before the page paints: the build puts it inline in <head> (the CSP allows it by its hash).
(() => {
  let storage;
  try {
    storage = window.localStorage;
  } catch {
    // No storage access (privacy modes): no session can be restored and no theme was chosen.
  }

  // The theme: the one the creator chose in the app, else the system's (dark when it says nothing),
  // set here so the page never flashes the other one, and again whenever the system's changes, so
  // the landing and sign-in screens follow it too before the app's code is loaded. The same rule
  // as src/lib/theme.ts.
  const prefersLight = matchMedia('(prefers-color-scheme: light)');
  const applyTheme = () => {
    const choice = storage?.getItem('theme');
    const light = choice === 'light' || (choice !== 'dark' && prefersLight.matches);
    document.documentElement.classList.toggle('light', light);
    document.documentElement.classList.toggle('dark', !light);
  };
  applyTheme();
  prefersLight.addEventListener('change', applyTheme);

  // The HTML holds the prerendered landing page; a visitor who will see the app instead (a route
  // other than `/`, or a session Amplify may restore) must not see it flash first, so it is hidden
  // here. The same rule as `initialView` in src/app/root.tsx.
  let app = window.location.pathname !== '/';
  for (let index = 0; storage && !app && index < storage.length; index += 1) {
    app = storage.key(index)?.startsWith('CognitoIdentityServiceProvider.') === true;
  }
  if (app) document.documentElement.dataset.startView = 'app';
})();
