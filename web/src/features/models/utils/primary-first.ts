/** The items with the chosen primary one first, the others in their order (the backend makes the first primary). */
export function primaryFirst<T extends { id: string }>(items: readonly T[], primaryId: string | null): T[] {
  const primary = items.find((item) => item.id === primaryId);
  return primary ? [primary, ...items.filter((item) => item !== primary)] : [...items];
}
