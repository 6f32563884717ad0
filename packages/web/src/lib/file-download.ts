import { DOWNLOADS } from '@ai-tools/contracts';

/**
 * Saves a file in the visitor's browser: an <a download> click is the one way that works in every
 * browser without a server round trip.
 */
export function downloadUrl(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

const DOWNLOAD_URL_LIFETIME_MS = 30_000;

/** Saves text as a file. The .rtc downloads are plain text (docs/product.md section 9). */
export function downloadText(
  text: string,
  fileName: string,
  mediaType: string = DOWNLOADS.textMediaType,
): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${mediaType};charset=utf-8` }));
  downloadUrl(url, fileName);
  // Some browsers read the blob after the click returns; revoking later still frees the memory.
  setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_LIFETIME_MS);
}
