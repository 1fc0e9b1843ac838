import type { SessionRecord } from './store';

const ZERO_DECIMAL = new Set('bif clp djf gnf jpy kmf krw mga pyg rwf ugx vnd vuv xaf xof xpf'.split(' '));

/** An amount in the currency's smallest unit, as people read it: 1499 usd → $14.99. */
export function formatAmount(amount: number, currency: string): string {
  const digits = ZERO_DECIMAL.has(currency) ? 0 : 2;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount / 10 ** digits);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f6f9fc; color: #1a1f36; }
  main { max-width: 28rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 12px;
    box-shadow: 0 2px 12px rgb(0 0 0 / 8%); }
  h1 { font-size: 1.75rem; margin: 0 0 1rem; }
  .test { display: inline-block; padding: 0.1rem 0.5rem; border-radius: 4px; background: #ffde92; color: #5b3b00;
    font-size: 0.8rem; font-weight: 600; }
  ul { list-style: none; padding: 0; margin: 0 0 1.5rem; }
  li { display: flex; justify-content: space-between; gap: 1rem; padding: 0.5rem 0; border-bottom: 1px solid #e3e8ee; }
  label { display: block; font-weight: 600; margin-top: 1rem; }
  input { box-sizing: border-box; width: 100%; padding: 0.6rem; font: inherit; border: 1px solid #8792a2;
    border-radius: 6px; }
  .hint { font-size: 0.875rem; color: #4f566b; margin: 0.25rem 0 0; }
  [role=alert] { padding: 0.75rem; border-radius: 6px; background: #fde8e8; color: #8a1c1c; }
  button { width: 100%; margin-top: 1.5rem; padding: 0.75rem; font: inherit; font-weight: 600; border-radius: 6px;
    border: 2px solid #635bff; background: #635bff; color: #fff; cursor: pointer; }
  button.secondary { margin-top: 0.75rem; background: #fff; color: #3c35d9; }
  button:focus-visible, input:focus-visible, a:focus-visible { outline: 3px solid #1a1f36; outline-offset: 2px; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="test">Test mode: a local stand-in for Stripe Checkout. No money moves.</p>
${body}
</main>
</body>
</html>
`;
}

export interface PageState {
  error?: string;
  email?: string;
  card?: string;
}

/** The hosted checkout page: the order, an e-mail and card field, Pay and Cancel. */
export function checkoutPage(record: SessionRecord, state: PageState = {}): string {
  const { session, lineItems } = record;
  const total = formatAmount(session.amount_total, session.currency);
  const base = `/c/pay/${encodeURIComponent(session.id)}`;
  const items = lineItems
    .map(
      (item) =>
        `<li><span>${escapeHtml(item.description)}${item.quantity > 1 ? ` × ${item.quantity}` : ''}</span>` +
        `<span>${formatAmount(item.amount_total, item.currency)}</span></li>`,
    )
    .join('\n');
  const email = state.email ?? session.customer_email ?? '';
  const locked = session.customer_email ? ' readonly' : '';
  const error = state.error ? `<p role="alert">${escapeHtml(state.error)}</p>` : '';
  const cancel = session.cancel_url
    ? `<form method="post" action="${base}/cancel"><button type="submit" class="secondary">Cancel</button></form>`
    : '';
  return layout(
    `Pay ${total}`,
    `<h1>Pay ${escapeHtml(total)}</h1>
<ul aria-label="Order summary">
${items}
</ul>
${error}
<form method="post" action="${base}/pay">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(email)}"${locked}>
<label for="card">Card number</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required aria-describedby="card-hint"
 value="${escapeHtml(state.card ?? '4242 4242 4242 4242')}">
<p id="card-hint" class="hint">Any card number works; 4000 0000 0000 0002 is declined.</p>
<button type="submit">Pay</button>
</form>
${cancel}`,
  );
}

/** A page with a heading, a sentence and an optional way back. */
export function messagePage(title: string, message: string, link?: { href: string; text: string }): string {
  const back = link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>` : '';
  return layout(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>\n${back}`);
}
