/** The look of the kit's native fields, as the app's other dialogs draw theirs. */
export const selectClass =
  'h-10 w-full cursor-pointer rounded-lg border border-zinc-700 bg-zinc-950 px-3 text-sm text-zinc-50 focus-visible:outline-2 focus-visible:outline-accent-500';
export const colourClass =
  'h-10 w-12 cursor-pointer rounded-lg border border-zinc-700 bg-zinc-950 p-1 focus-visible:outline-2 focus-visible:outline-accent-500';
export const checkboxClass = 'size-4 accent-accent-500';
export const legendClass = 'mb-2 text-sm font-semibold text-zinc-100';
export const labelClass = 'flex flex-col gap-1.5 text-sm text-zinc-300';
