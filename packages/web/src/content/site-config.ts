/**
 * The site's own details, in one place. The contact values are placeholders: the operator who
 * runs the site replaces them with real ones before going live.
 */
export const SITE_CONFIG = {
  name: 'AI Content Tools',
  supportEmail: 'support@example.com',
  /** Shown as written; the link uses the digits only. */
  whatsAppNumber: '+1 555 010 0199',
  phoneNumber: '+1 555 010 0100',
  /**
   * The Vimeo id of the demo video. Set VITE_DEMO_VIDEO_ID at build time to show a 'Watch demo'
   * control in the hero; without it the control is not shown.
   */
  demoVideoId: (import.meta.env.VITE_DEMO_VIDEO_ID as string | undefined)?.trim() || undefined,
} as const;

/** tel: and wa.me links want digits (and a leading + for tel:). */
export function phoneHref(number: string): string {
  return `tel:${number.replace(/[^\d+]/g, '')}`;
}

export function whatsAppHref(number: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}`;
}
