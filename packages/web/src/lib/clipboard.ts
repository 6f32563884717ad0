/**
 * Copies text to the clipboard. Rejects when the browser refuses (insecure origin, denied
 * permission); docs/product.md section 8 says the caller only logs that.
 */
export async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard) throw new Error('The clipboard is not available in this browser.');
  await navigator.clipboard.writeText(text);
}
