import { describe, expect, it } from 'vitest';
import { zSaveMailSender } from '../contract/mail';
import { MAIL_SENDER_TEXTS, mailAddressOf, mailFrom, mailReplyTo } from './index';

describe('the sender of a company mail', () => {
  it('puts the company name before the platform address', () => {
    expect(mailFrom('Zon & Co', 'Installatiemanager <noreply@im.nl>')).toBe('"Zon & Co" <noreply@im.nl>');
    expect(mailFrom('Zon', 'noreply@im.nl')).toBe('"Zon" <noreply@im.nl>');
    expect(mailFrom('  ', 'Installatiemanager <noreply@im.nl>')).toBe('Installatiemanager <noreply@im.nl>');
    // Quotes, brackets and line breaks never reach the header.
    expect(mailFrom('Zon "B.V."\r\nBcc: x@y.nl', 'a@b.nl')).toBe('"Zon B.V. Bcc: x@y.nl" <a@b.nl>');
    expect(mailAddressOf('Naam <a@b.nl>')).toBe('a@b.nl');
  });

  it('replies to the chosen address, the handler falling back to the company', () => {
    const addresses = { company: 'info@zon.nl', handler: 'piet@zon.nl', given: 'planning@zon.nl' };
    expect(mailReplyTo('company', addresses)).toBe('info@zon.nl');
    expect(mailReplyTo('handler', addresses)).toBe('piet@zon.nl');
    expect(mailReplyTo('handler', { ...addresses, handler: null })).toBe('info@zon.nl');
    expect(mailReplyTo('address', addresses)).toBe('planning@zon.nl');
    expect(mailReplyTo('company', { ...addresses, company: '' })).toBeNull();
  });

  it('validates the settings: a given address with the address choice, no header characters in the name', () => {
    expect(zSaveMailSender.safeParse({ sender_name: 'Zon', reply_to: 'company' }).success).toBe(true);
    const missing = zSaveMailSender.safeParse({ sender_name: 'Zon', reply_to: 'address' });
    expect(missing.error?.issues[0]?.message).toBe(MAIL_SENDER_TEXTS.needAddress);
    expect(
      zSaveMailSender.safeParse({ sender_name: 'Zon', reply_to: 'address', reply_to_address: 'x' }).success,
    ).toBe(false);
    expect(zSaveMailSender.safeParse({ sender_name: 'a\nb', reply_to: 'company' }).success).toBe(false);
  });
});
