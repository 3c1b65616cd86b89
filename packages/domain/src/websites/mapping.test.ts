import { describe, expect, it } from 'vitest';
import { zCreateWebsite, zWebsiteLeadBody } from '../contract/websites';
import {
  applyWebsiteMapping,
  checkWebsiteLead,
  compactPostcode,
  mapsContactField,
  parseValueMapping,
  type WebsiteMappingRow,
  websiteLeadNote,
} from './mapping';

const row = (
  fieldkey: string,
  fieldvalue: WebsiteMappingRow['fieldvalue'],
  extra: Partial<WebsiteMappingRow> = {},
) => ({
  fieldkey,
  fieldvalue,
  nullvalue: '',
  valuemapping: '',
  ...extra,
});

describe('applyWebsiteMapping', () => {
  it('splits a full name like the relation form and fills contact and address', () => {
    const lead = applyWebsiteMapping(
      {
        naam: 'Jan van der Berg',
        email: ' Jan@Example.NL ',
        telefoon: '0612345678',
        postcode: '1234ab',
        huisnummer: '12',
      },
      [
        row('naam', 'fullname'),
        row('email', 'email'),
        row('telefoon', 'phone'),
        row('postcode', 'postcode'),
        row('huisnummer', 'number'),
      ],
    );
    expect(lead.relation).toEqual({
      name: 'Jan',
      nameprefix: 'van der',
      surname: 'Berg',
      email: 'jan@example.nl',
      phone: '0612345678',
      mobile: '',
    });
    expect(lead.location).toMatchObject({ postcode: '1234 AB', number: '12', country: 'Nederland' });
    expect(lead.unmapped).toEqual([]);
  });

  it('prefers name parts over the full name', () => {
    const lead = applyWebsiteMapping({ vn: 'Piet', an: 'Jansen', volledig: 'X Y' }, [
      row('volledig', 'fullname'),
      row('vn', 'name'),
      row('an', 'surname'),
    ]);
    expect(lead.relation).toMatchObject({ name: 'Piet', nameprefix: '', surname: 'Jansen' });
  });

  it('applies the value mapping case-insensitively, then the null value for missing or empty values', () => {
    const mapping = [
      row('subsidie', 'flow_tags', { valuemapping: 'ja=Subsidie, nee=' }),
      row('soort', 'flow_description', {
        valuemapping: 'pv=Zonnepanelen\nwp=Warmtepomp',
        nullvalue: 'Onbekend',
      }),
      row('land', 'country', { nullvalue: 'Nederland' }),
    ];
    const yes = applyWebsiteMapping({ subsidie: 'JA', soort: 'wp', land: '' }, mapping);
    expect(yes.flow).toEqual({ description: 'Warmtepomp', tags: ['Subsidie'] });
    expect(yes.location.country).toBe('Nederland');
    const no = applyWebsiteMapping({ subsidie: 'nee' }, mapping);
    expect(no.flow).toEqual({ description: 'Onbekend', tags: [] });
    // A posted value without a pair is stored as posted.
    expect(applyWebsiteMapping({ soort: 'Airco' }, mapping).flow.description).toBe('Airco');
  });

  it('keeps unmapped fields for the note, without the honeypot and redirect fields', () => {
    const lead = applyWebsiteMapping(
      {
        email: 'a@b.nl',
        opmerking: 'Graag in de ochtend bellen',
        dak: 'plat',
        opties: ['batterij', 'laadpaal'],
        leeg: '',
        website_url_hp: '',
        redirect: 'https://x.nl/bedankt',
      },
      [row('email', 'email'), row('opmerking', 'note')],
    );
    expect(lead.notes).toEqual(['Graag in de ochtend bellen']);
    expect(lead.unmapped).toEqual([
      { key: 'dak', value: 'plat' },
      { key: 'opties', value: 'batterij, laadpaal' },
    ]);
    expect(websiteLeadNote(lead)).toBe(
      'Websiteformulier:\nGraag in de ochtend bellen\ndak: plat\nopties: batterij, laadpaal',
    );
    expect(websiteLeadNote(applyWebsiteMapping({ email: 'a@b.nl' }, [row('email', 'email')]))).toBeNull();
  });

  it('takes the first row with a value for a target, and cuts values to the column length', () => {
    const lead = applyWebsiteMapping({ tel1: '', tel2: '020-1234567', stad: 'x'.repeat(300) }, [
      row('tel1', 'phone'),
      row('tel2', 'phone'),
      row('stad', 'city'),
    ]);
    expect(lead.relation.phone).toBe('020-1234567');
    expect(lead.sources.phone).toBe('tel2');
    expect(lead.location.city).toHaveLength(100);
  });

  it('turns numbers and booleans into text', () => {
    const lead = applyWebsiteMapping({ nr: 12, nieuwsbrief: true }, [row('nr', 'number')]);
    expect(lead.location.number).toBe('12');
    expect(lead.unmapped).toEqual([{ key: 'nieuwsbrief', value: 'true' }]);
  });
});

describe('checkWebsiteLead', () => {
  const mapping = [row('mail', 'email'), row('tel', 'phone'), row('pc', 'postcode')];
  it('asks for a way to reach the customer, named by the posted field', () => {
    expect(checkWebsiteLead(applyWebsiteMapping({}, mapping))).toEqual({
      mail: ['Vul een e-mailadres of telefoonnummer in.'],
    });
    expect(checkWebsiteLead(applyWebsiteMapping({ tel: '0612345678' }, mapping))).toEqual({});
  });
  it('refuses a bad e-mail address and a bad Dutch postcode', () => {
    const errors = checkWebsiteLead(applyWebsiteMapping({ mail: 'geen-mail', pc: '12AB' }, mapping));
    expect(Object.keys(errors).sort()).toEqual(['mail', 'pc']);
  });
});

describe('mapping helpers', () => {
  it('parses value mappings by line or comma and refuses entries without =', () => {
    expect([...(parseValueMapping('ja=1, nee=0\nmisschien = 2') ?? [])]).toEqual([
      ['ja', '1'],
      ['nee', '0'],
      ['misschien', '2'],
    ]);
    expect(parseValueMapping('ja')).toBeNull();
    expect(parseValueMapping('')?.size).toBe(0);
  });
  it('compacts postcodes and knows a reachable mapping', () => {
    expect(compactPostcode('1234 ab')).toBe('1234AB');
    expect(mapsContactField([row('x', 'mobile')])).toBe(true);
    expect(mapsContactField([row('x', 'note')])).toBe(false);
  });
});

describe('website contract', () => {
  it('needs a user and a name; the lead source defaults to Eigen website', () => {
    const bad = zCreateWebsite.safeParse({ name: '' });
    expect(bad.error?.issues.map((i) => i.message).sort()).toEqual([
      'Kies een gebruiker.',
      'Vul een naam in.',
    ]);
    expect(zCreateWebsite.parse({ name: 'Site', user_id: 3 })).toMatchObject({
      lead_source: 'Eigen website',
      siteurl: '',
      mapping: [],
    });
  });
  it('refuses a non-http site address, reserved field names and broken value mappings', () => {
    expect(zCreateWebsite.safeParse({ name: 'S', user_id: 1, siteurl: 'javascript:alert(1)' }).success).toBe(
      false,
    );
    expect(zCreateWebsite.safeParse({ name: 'S', user_id: 1, siteurl: 'https://zon.nl' }).success).toBe(true);
    expect(
      zCreateWebsite.safeParse({ name: 'S', user_id: 1, mapping: [row('redirect', 'note')] }).success,
    ).toBe(false);
    expect(
      zCreateWebsite.safeParse({ name: 'S', user_id: 1, mapping: [row('a', 'note', { valuemapping: 'ja' })] })
        .success,
    ).toBe(false);
  });
  it('accepts at most 100 posted fields of values or lists', () => {
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`f${i}`, 'x']));
    expect(zWebsiteLeadBody.safeParse(many).success).toBe(false);
    expect(zWebsiteLeadBody.safeParse({ a: ['x', 'y'], b: 1, c: null }).success).toBe(true);
    expect(zWebsiteLeadBody.safeParse({ a: { nested: 1 } }).success).toBe(false);
  });
});
