// Copy text, with a fallback for browsers without the async clipboard (or without permission).
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

/** Leave the app for a provider's page (Stripe Checkout, the billing portal). */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
