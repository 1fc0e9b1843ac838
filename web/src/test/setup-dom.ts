export {};

// Screen queries (findBy…, waitFor) wait up to 1 s by default. A lazily loaded dialog can take
// longer when the unit tests share the machine's two cores with another stage, so they get 5 s:
// still a wait for the element, ended as soon as it appears.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 5_000 });
}
