// The platform's standard library sets (decision 064): what a new installer imports on day one instead of
// typing it. Products carry no prices: each company sets its own price table after the import.
import type { LibraryItemKind } from '@im/domain';

export interface DemoLibrarySet {
  name: string;
  description: string;
  tags: string[];
  items: { kind: LibraryItemKind; name: string; description?: string; data: Record<string, unknown> }[];
}

const vat21 = {
  percentage_vat_0: '0',
  percentage_vat_6: '0',
  percentage_vat_9: '0',
  percentage_vat_21: '100',
};
const vat0 = {
  percentage_vat_0: '100',
  percentage_vat_6: '0',
  percentage_vat_9: '0',
  percentage_vat_21: '0',
};
const vat9 = {
  percentage_vat_0: '0',
  percentage_vat_6: '0',
  percentage_vat_9: '100',
  percentage_vat_21: '0',
};

const product = (item_name: string, description: string, extra: Record<string, unknown>) => ({
  kind: 'product' as const,
  name: item_name,
  description,
  data: { item_name, description, unit_of_measurement: 'stuk', ...extra },
});

export const DEMO_LIBRARY_SETS: DemoLibrarySet[] = [
  {
    name: 'Zonnepanelen – standaardproducten',
    description:
      'De vaste onderdelen van een zonnestroominstallatie op een woning: panelen (met Wp als KPI), omvormers, montage en aansluiten. Btw 0 % voor panelen en omvormer op woningen (nultarief sinds 2023).',
    tags: ['zonnepanelen', 'pv', 'woning'],
    items: [
      product('Zonnepaneel 410 Wp full black', 'Monokristallijn paneel, 410 Wp, 25 jaar productgarantie.', {
        ...vat0,
        kpi_value: '410',
        kpi_unit: 'Wp',
      }),
      product('Zonnepaneel 440 Wp glas-glas', 'Bifaciaal glas-glas paneel, 440 Wp, 30 jaar garantie.', {
        ...vat0,
        kpi_value: '440',
        kpi_unit: 'Wp',
      }),
      product('String-omvormer 3,6 kW', 'Eénfase omvormer met app-monitoring, tot 12 panelen.', vat0),
      product('String-omvormer 5,0 kW', 'Eénfase omvormer met app-monitoring, tot 16 panelen.', vat0),
      product('Montagesysteem schuin dak', 'Dakhaken, rails en klemmen per paneel (pannendak).', {
        ...vat0,
        unit_of_measurement: 'paneel',
      }),
      product('Montagesysteem plat dak', 'Ballastsysteem oost-west per paneel, inclusief tegels.', {
        ...vat0,
        unit_of_measurement: 'paneel',
      }),
      product('Aansluiten op eigen groep', 'Nieuwe groep in de meterkast met aardlekautomaat.', vat0),
    ],
  },
  {
    name: 'Warmtepompen – standaardproducten',
    description:
      'Hybride en volledig elektrische warmtepompen met boilervat en installatie. Arbeid aan woningen ouder dan twee jaar valt onder 9 % btw.',
    tags: ['warmtepomp', 'verwarming', 'isde'],
    items: [
      product(
        'Hybride warmtepomp 4 kW',
        'Lucht-water, werkt samen met de bestaande cv-ketel. ISDE-subsidie mogelijk.',
        vat21,
      ),
      product(
        'Lucht-water warmtepomp 8 kW',
        'Volledig elektrisch, monoblock buitenunit, tot 55 °C aanvoer.',
        vat21,
      ),
      product(
        'Boilervat 200 liter',
        'RVS boilervat voor warm tapwater bij een volledig elektrische warmtepomp.',
        vat21,
      ),
      product('Installatie warmtepomp', 'Plaatsen buitenunit, leidingwerk, vullen en inregelen.', {
        ...vat9,
        unit_of_measurement: 'uur',
      }),
      product('Waterzijdig inregelen', 'Radiatoren en groepen inregelen voor lage temperatuur.', {
        ...vat9,
        unit_of_measurement: 'uur',
      }),
    ],
  },
  {
    name: 'Standaard opnameformulier',
    description:
      'Een opname (intake) bij de klant thuis voor zonnepanelen of een warmtepomp: dak, meterkast, woning en foto’s.',
    tags: ['opname', 'intake', 'formulier'],
    items: [
      {
        kind: 'form',
        name: 'Opname woning',
        description: 'Dak, meterkast en woning in één opname.',
        data: {
          name: 'Opname woning',
          type: 'intake',
          description: 'Standaard opname voor zonnepanelen en warmtepompen.',
          fields: [
            {
              field_label: 'Soort dak',
              field_type: 'selectbox',
              options: ['Schuin pannendak', 'Schuin leien dak', 'Plat dak', 'Golfplaat'],
            },
            {
              field_label: 'Oriëntatie dak',
              field_type: 'selectbox',
              options: ['Zuid', 'Zuidoost', 'Zuidwest', 'Oost-west', 'Noord'],
            },
            { field_label: 'Dakhelling (graden)', field_type: 'number' },
            { field_label: 'Aantal panelen dat past', field_type: 'number' },
            { field_label: 'Foto’s dak', field_type: 'photo' },
            { field_label: 'Vrije groepen in de meterkast', field_type: 'number' },
            {
              field_label: 'Aansluitwaarde',
              field_type: 'selectbox',
              options: ['1 x 35 A', '3 x 25 A', '3 x 35 A', 'Anders'],
            },
            { field_label: 'Foto meterkast', field_type: 'photo' },
            { field_label: 'Bouwjaar woning', field_type: 'number' },
            {
              field_label: 'Energielabel',
              field_type: 'selectbox',
              options: ['A of beter', 'B', 'C', 'D', 'E of slechter', 'Onbekend'],
            },
            { field_label: 'Opmerkingen', field_type: 'textarea' },
          ],
        },
      },
    ],
  },
  {
    name: 'Mail- en berichttemplates voor installateurs',
    description:
      'Nette standaardteksten voor de offerte, de opdrachtbevestiging, de factuur, een herinnering en het plannen van de montage.',
    tags: ['mail', 'templates', 'berichten'],
    items: [
      {
        kind: 'mailtemplate',
        name: 'Offerte versturen',
        data: {
          template_type: 'sendquotation',
          description: 'Offerte versturen',
          subject: 'Uw offerte {{ document.nummer }} van {{ bedrijf.naam }}',
          message:
            '<p>Beste {{ relatie.naam }},</p><p>Hartelijk dank voor uw aanvraag. Via onderstaande link bekijkt u de offerte en kunt u deze direct digitaal akkoord geven.</p><p><a href="{{ dossier.link }}">Bekijk uw offerte</a></p><p>De offerte is geldig tot {{ document.geldigtot }}. Heeft u vragen? Beantwoord deze mail of bel ons gerust.</p><p>Met vriendelijke groet,<br>{{ gebruiker.naam }}</p>',
        },
      },
      {
        kind: 'mailtemplate',
        name: 'Opdrachtbevestiging versturen',
        data: {
          template_type: 'sendconfirmation',
          description: 'Opdrachtbevestiging versturen',
          subject: 'Opdrachtbevestiging {{ document.nummer }}',
          message:
            '<p>Beste {{ relatie.naam }},</p><p>Fijn dat u voor ons kiest! In de bijgevoegde opdrachtbevestiging staan de afspraken op een rij. Wij nemen binnenkort contact met u op om de montage in te plannen.</p><p><a href="{{ dossier.link }}">Bekijk uw dossier</a></p><p>Met vriendelijke groet,<br>{{ gebruiker.naam }}</p>',
        },
      },
      {
        kind: 'mailtemplate',
        name: 'Factuur versturen',
        data: {
          template_type: 'sendinvoice',
          description: 'Factuur versturen',
          subject: 'Factuur {{ factuur.nummer }} van {{ bedrijf.naam }}',
          message:
            '<p>Beste {{ relatie.naam }},</p><p>Hierbij ontvangt u factuur {{ factuur.nummer }} van {{ factuur.bedrag }}. Wij verzoeken u het bedrag vóór {{ factuur.vervaldatum }} over te maken.</p><p><a href="{{ dossier.link }}">Bekijk en betaal uw factuur</a></p><p>Met vriendelijke groet,<br>{{ bedrijf.naam }}</p>',
        },
      },
      {
        kind: 'mailtemplate',
        name: 'Betalingsherinnering',
        data: {
          template_type: 'paymentreminder',
          description: 'Betalingsherinnering',
          subject: 'Herinnering: factuur {{ factuur.nummer }}',
          message:
            '<p>Beste {{ relatie.naam }},</p><p>Volgens onze administratie staat factuur {{ factuur.nummer }} nog open: {{ factuur.openstaand }}, vervallen op {{ factuur.vervaldatum }}. Wilt u het bedrag binnen zeven dagen overmaken? Heeft u al betaald, dan kunt u deze herinnering als niet verzonden beschouwen.</p><p>Met vriendelijke groet,<br>{{ bedrijf.naam }}</p>',
        },
      },
      {
        kind: 'messagetemplate',
        name: 'Montage ingepland',
        data: {
          category: 'Planning',
          description: 'Montage ingepland',
          message:
            '<p>Beste {{ relatie.voornaam }}, de montage staat gepland op {{ taak.datum }} om {{ taak.tijd }}. Wilt u zorgen dat de meterkast en de zolder vrij bereikbaar zijn?</p>',
        },
      },
      {
        kind: 'messagetemplate',
        name: 'Opname ingepland',
        data: {
          category: 'Planning',
          description: 'Opname ingepland',
          message:
            '<p>Beste {{ relatie.voornaam }}, onze adviseur komt op {{ taak.datum }} om {{ taak.tijd }} langs voor de opname. Het bezoek duurt ongeveer een uur.</p>',
        },
      },
    ],
  },
];
