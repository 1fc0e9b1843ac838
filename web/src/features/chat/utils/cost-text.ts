/** What a send of `variations` images costs, in the words the chat shows beside its controls. */
export const costText = (variations: number): string =>
  `Cost: ${variations} ${variations === 1 ? 'credit' : 'credits'}`;

/** What a send made with the creator's own key costs. */
export const OWN_KEY_COST_TEXT = 'No credit: your own key';
