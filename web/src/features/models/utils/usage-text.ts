/** How often a model was featured, in words. */
export function usageText(count: number): string {
  if (count <= 0) return 'Not used yet';
  return count === 1 ? 'Used once' : `Used ${count} times`;
}
