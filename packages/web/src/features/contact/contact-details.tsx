import type { ReactNode } from 'react';
import { phoneHref, whatsAppHref } from '../../content/site-config.ts';
import { useContactDetails } from './use-contact-details.ts';

function Icon({ children }: { children: ReactNode }) {
  return (
    <span className="contact-details__icon" aria-hidden="true">
      <svg
        viewBox="0 0 24 24"
        width="18"
        height="18"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {children}
      </svg>
    </span>
  );
}

/**
 * Support e-mail, WhatsApp and phone (docs/product.md section 2), each shown only when the operator
 * has set it (README: Contact messages).
 */
export function ContactDetails() {
  const { email, whatsApp, phone } = useContactDetails();
  if (!email && !whatsApp && !phone) return null;
  return (
    <ul className="contact-details">
      {email ? (
        <li className="contact-details__item">
          <Icon>
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <path d="m3.5 6.5 8.5 6 8.5-6" />
          </Icon>
          <span>
            <span className="contact-details__label">Email</span>
            <a href={`mailto:${email}`}>{email}</a>
          </span>
        </li>
      ) : null}
      {whatsApp ? (
        <li className="contact-details__item">
          <Icon>
            <path d="M20 11.5a8 8 0 0 1-11.8 7L4 20l1.5-4.1A8 8 0 1 1 20 11.5z" />
            <path d="M9 9.5c0 2.5 2 4.5 4.5 4.5l1-1 2 1-.5 1.5c-3.5.5-8-4-7.5-7.5L10 7.5l1 2z" />
          </Icon>
          <span>
            <span className="contact-details__label">WhatsApp</span>
            <a href={whatsAppHref(whatsApp)} rel="noopener noreferrer" target="_blank">
              {whatsApp}
              <span className="visually-hidden"> (opens WhatsApp in a new tab)</span>
            </a>
          </span>
        </li>
      ) : null}
      {phone ? (
        <li className="contact-details__item">
          <Icon>
            <path d="M5 4h3.5l1.5 4-2 1.5a11 11 0 0 0 6.5 6.5l1.5-2 4 1.5V19a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z" />
          </Icon>
          <span>
            <span className="contact-details__label">Phone</span>
            <a href={phoneHref(phone)}>{phone}</a>
          </span>
        </li>
      ) : null}
    </ul>
  );
}
