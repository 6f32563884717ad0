import type { ContactDetailsValue } from '@ai-tools/contracts';
import type { Config } from '../../config.ts';

/** The contact details the operator configured; an unset one is left out, never filled in. */
export function configuredContactDetails(
  config: Pick<Config, 'CONTACT_EMAIL' | 'CONTACT_WHATSAPP' | 'CONTACT_PHONE'>,
): ContactDetailsValue {
  const details: ContactDetailsValue = {};
  if (config.CONTACT_EMAIL) details.email = config.CONTACT_EMAIL;
  if (config.CONTACT_WHATSAPP) details.whatsApp = config.CONTACT_WHATSAPP;
  if (config.CONTACT_PHONE) details.phone = config.CONTACT_PHONE;
  return details;
}
