/**
 * The site's own details, in one place. The contact details are the operator's, set in the
 * server's configuration (CONTACT_EMAIL, CONTACT_WHATSAPP, CONTACT_PHONE; useContactDetails).
 */
export const SITE_CONFIG = {
  name: 'AI Content Tools',
  /**
   * The Vimeo id of the demo video. Set VITE_DEMO_VIDEO_ID at build time to show a 'Watch demo'
   * control in the hero; without it the control is not shown.
   */
  demoVideoId: (import.meta.env.VITE_DEMO_VIDEO_ID as string | undefined)?.trim() || undefined,
} as const;

/** Numbers are shown as written; tel: and wa.me links want digits (and a leading + for tel:). */
export function phoneHref(number: string): string {
  return `tel:${number.replace(/[^\d+]/g, '')}`;
}

export function whatsAppHref(number: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}`;
}
