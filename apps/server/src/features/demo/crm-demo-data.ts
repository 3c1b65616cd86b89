import type { FlowStatus } from '@im/domain';

/** A demo address: real street names and postcodes of the town, coordinates near the house. */
export interface DemoAddress {
  address: string;
  number: string;
  numberAddition?: string;
  postcode: string;
  city: string;
  lat: number;
  lng: number;
}

export interface DemoFlow {
  description: string;
  status: FlowStatus;
  /** How long ago the lead came in. */
  daysAgo: number;
  leadSource?: string;
  tags?: string[];
}

export interface DemoRelation {
  fullname: string;
  email: string;
  phone: string;
  leadSource?: string;
  at: DemoAddress;
  flows: DemoFlow[];
}

export interface DemoOrganization {
  name: string;
  email: string;
  phone: string;
  cocNumber: string;
  at: DemoAddress;
  /** The contact person: a relation of the organization with its own flows. */
  contact: Omit<DemoRelation, 'at'>;
}

export interface DemoCrmCompany {
  company: string;
  /** E-mail of the user the demo data is entered by (log items name them). */
  enteredBy: string;
  salesUser: string;
  officeUser?: string;
  projectUsers: string[];
  relations: DemoRelation[];
  organizations: DemoOrganization[];
}

const a = (
  address: string,
  number: string,
  postcode: string,
  city: string,
  lat: number,
  lng: number,
  numberAddition?: string,
): DemoAddress => ({ address, number, postcode, city, lat, lng, numberAddition });

/** Zonnestroom Noord B.V.: solar panels, batteries and charging points in Friesland, Groningen, Drenthe and Overijssel. */
const ZONNESTROOM: DemoCrmCompany = {
  company: 'Zonnestroom Noord B.V.',
  enteredBy: 'sanne@zonnestroom-noord.nl',
  salesUser: 'mark@zonnestroom-noord.nl',
  officeUser: 'lisa@zonnestroom-noord.nl',
  projectUsers: ['ahmed@zonnestroom-noord.nl', 'tom@zonnestroom-noord.nl'],
  relations: [
    {
      fullname: 'Jan de Vries',
      email: 'jan.devries@ziggo.nl',
      phone: '06-12345671',
      at: a('Oosterstraat', '14', '9711 NV', 'Groningen', 53.21692, 6.56981),
      flows: [{ description: '12 zonnepanelen + omvormer', status: 'unread', daysAgo: 1 }],
    },
    {
      fullname: 'Annemieke Bakker',
      email: 'a.bakker@kpnmail.nl',
      phone: '06-23456782',
      leadSource: 'Vergelijkingssite',
      at: a('Nassaulaan', '3', '9717 CE', 'Groningen', 53.22541, 6.55312),
      flows: [{ description: 'Thuisbatterij 10 kWh bij bestaande panelen', status: 'new', daysAgo: 3 }],
    },
    {
      fullname: 'Pieter Visser',
      email: 'pieter.visser@gmail.com',
      phone: '06-34567893',
      at: a('Voorstreek', '52', '8911 JR', 'Leeuwarden', 53.20331, 5.79561),
      flows: [
        { description: '16 zonnepanelen op plat dak', status: 'intake', daysAgo: 9, tags: ['Particulier'] },
      ],
    },
    {
      fullname: 'Hendrika van der Meulen',
      email: 'hvdmeulen@home.nl',
      phone: '058-2134567',
      leadSource: 'Telefonisch',
      at: a('Tuinen', '8', '8911 KD', 'Leeuwarden', 53.20472, 5.79812),
      flows: [{ description: 'Hybride warmtepomp + 10 zonnepanelen', status: 'quotation', daysAgo: 21 }],
    },
    {
      fullname: 'Sjoerd Hoekstra',
      email: 'sjoerd@hoekstra-wommels.nl',
      phone: '06-45678904',
      at: a('Grote Kerkstraat', '21', '8601 EE', 'Sneek', 53.03245, 5.65872),
      flows: [{ description: 'Laadpaal oprit (11 kW)', status: 'confirmation', daysAgo: 34 }],
    },
    {
      fullname: 'Willemijn Jansen',
      email: 'willemijn.jansen@planet.nl',
      phone: '06-56789015',
      leadSource: 'Doorverwijzing',
      at: a('Stationsweg', '6', '9401 KJ', 'Assen', 52.99362, 6.56148),
      flows: [
        {
          description: '20 zonnepanelen + micro-omvormers',
          status: 'project',
          daysAgo: 48,
          tags: ['Subsidie'],
        },
      ],
    },
    {
      fullname: 'Gerard Smit',
      email: 'g.smit@ziggo.nl',
      phone: '0592-341234',
      at: a('Kloosterstraat', '11', '9401 KD', 'Assen', 52.99251, 6.56587),
      flows: [{ description: 'Omvormer vervangen (SolarEdge)', status: 'invoice', daysAgo: 62 }],
    },
    {
      fullname: 'Marloes ter Horst',
      email: 'marloes.terhorst@hotmail.com',
      phone: '06-67890126',
      leadSource: 'Social media',
      at: a('Diezerstraat', '37', '8011 RC', 'Zwolle', 52.51389, 6.09102),
      flows: [{ description: '14 zonnepanelen all-black', status: 'aftercare', daysAgo: 95 }],
    },
    {
      fullname: 'Kees Mulder',
      email: 'kees.mulder@kpnmail.nl',
      phone: '038-4221133',
      at: a('Assendorperstraat', '102', '8012 DL', 'Zwolle', 52.50715, 6.10221),
      flows: [{ description: '10 zonnepanelen + omvormer', status: 'completed', daysAgo: 180 }],
    },
    {
      fullname: 'Ingrid Dijkstra',
      email: 'ingrid.dijkstra@gmail.com',
      phone: '06-78901237',
      leadSource: 'Vergelijkingssite',
      at: a('Hoofdstraat', '45', '7811 EE', 'Emmen', 52.78531, 6.89764),
      flows: [{ description: 'Thuisbatterij 5 kWh', status: 'cancelled', daysAgo: 70 }],
    },
    {
      fullname: 'Roelof Oosting',
      email: 'r.oosting@home.nl',
      phone: '06-89012348',
      at: a('Noorderdiep', '112', '7876 CH', 'Valthermond', 52.88632, 6.97311),
      flows: [
        { description: '24 zonnepanelen op schuur', status: 'quotation', daysAgo: 18, tags: ['Zakelijk'] },
        { description: 'Laadpaal voor trekker-werkplaats', status: 'new', daysAgo: 2 },
      ],
    },
    {
      fullname: 'Femke de Jong',
      email: 'femke.dejong@gmail.com',
      phone: '06-90123459',
      at: a('Zuidkade', '18', '9203 CG', 'Drachten', 53.10452, 6.09712),
      flows: [{ description: '12 zonnepanelen + omvormer', status: 'intake', daysAgo: 12 }],
    },
    {
      fullname: 'Bauke Zijlstra',
      email: 'bauke.zijlstra@planet.nl',
      phone: '0512-512345',
      leadSource: 'Beurs',
      at: a('Raadhuisplein', '2', '9203 EA', 'Drachten', 53.10611, 6.09942),
      flows: [{ description: 'Onderhoud en reiniging zonnepanelen', status: 'aftercare', daysAgo: 120 }],
    },
    {
      fullname: 'Anna van den Berg',
      email: 'anna.vandenberg@ziggo.nl',
      phone: '06-11223344',
      at: a('Dracht', '77', '8442 BP', 'Heerenveen', 52.95931, 5.92172),
      flows: [{ description: 'Spouwmuurisolatie + 8 zonnepanelen', status: 'project', daysAgo: 41 }],
    },
    {
      fullname: 'Tjitske Postma',
      email: 'tjitske.postma@hotmail.com',
      phone: '06-22334455',
      leadSource: 'Eigen website',
      at: a('Nieuwstad', '9', '8601 BE', 'Sneek', 53.03112, 5.65634),
      flows: [{ description: 'Hybride warmtepomp', status: 'new', daysAgo: 4 }],
    },
    {
      fullname: 'Henk Kuipers',
      email: 'henk.kuipers@kpnmail.nl',
      phone: '0528-261122',
      at: a('Hoofdstraat', '188', '7902 EJ', 'Hoogeveen', 52.72358, 6.47851),
      flows: [{ description: '18 zonnepanelen + thuisbatterij', status: 'invoice', daysAgo: 75 }],
    },
    {
      fullname: 'Lotte Hendriks',
      email: 'lotte.hendriks@gmail.com',
      phone: '06-33445566',
      leadSource: 'Social media',
      at: a('Prinsengracht', '24', '7941 KH', 'Meppel', 52.69642, 6.19271),
      flows: [{ description: '12 zonnepanelen + omvormer', status: 'unread', daysAgo: 0 }],
    },
    {
      fullname: 'Dirk Brouwer',
      email: 'dirk.brouwer@home.nl',
      phone: '0570-612233',
      at: a('Brink', '31', '7411 BT', 'Deventer', 52.25483, 6.15967),
      flows: [{ description: 'Storing omvormer, geen opbrengst', status: 'aftercare', daysAgo: 150 }],
    },
    {
      fullname: 'Marieke van Dijk',
      email: 'marieke.vandijk@ziggo.nl',
      phone: '06-44556677',
      leadSource: 'Doorverwijzing',
      at: a('Oudestraat', '142', '8261 CZ', 'Kampen', 52.55623, 5.91374),
      flows: [{ description: '16 zonnepanelen op plat dak', status: 'confirmation', daysAgo: 29 }],
    },
    {
      fullname: 'Johan Wiersma',
      email: 'johan.wiersma@planet.nl',
      phone: '06-55667788',
      at: a('Groot Noord', '12', '9101 AV', 'Dokkum', 53.32611, 5.99861),
      flows: [{ description: 'Laadpaal + 10 zonnepanelen', status: 'completed', daysAgo: 240 }],
    },
    {
      fullname: 'Ilse Veenstra',
      email: 'ilse.veenstra@gmail.com',
      phone: '06-66778899',
      leadSource: 'Vergelijkingssite',
      at: a('Voorstraat', '58', '8861 BM', 'Harlingen', 53.17432, 5.41892),
      flows: [{ description: 'Thuisbatterij 10 kWh', status: 'cancelled', daysAgo: 55 }],
    },
    {
      fullname: 'Erik Kramer',
      email: 'erik.kramer@kpnmail.nl',
      phone: '0521-512244',
      at: a('Markt', '7', '8331 HK', 'Steenwijk', 52.78741, 6.11952),
      flows: [{ description: '22 zonnepanelen + omvormer', status: 'quotation', daysAgo: 16 }],
    },
    {
      fullname: 'Sanne Boersma',
      email: 'sanne.boersma@hotmail.com',
      phone: '06-77889900',
      at: a('Voorstraat', '33', '8801 LA', 'Franeker', 53.18715, 5.54072),
      flows: [{ description: 'Zonneboiler', status: 'intake', daysAgo: 8 }],
    },
    {
      fullname: 'Albert Meijer',
      email: 'albert.meijer@ziggo.nl',
      phone: '0524-512255',
      leadSource: 'Telefonisch',
      at: a('Voorstraat', '64', '7771 BE', 'Hardenberg', 52.57531, 6.61844),
      flows: [
        { description: '10 zonnepanelen + omvormer', status: 'completed', daysAgo: 400 },
        { description: 'Uitbreiding met 6 zonnepanelen', status: 'project', daysAgo: 38 },
      ],
    },
    {
      fullname: 'Joke Scholten',
      email: 'joke.scholten@home.nl',
      phone: '0572-351122',
      at: a('Kerkstraat', '19', '8102 EA', 'Raalte', 52.38612, 6.27523),
      flows: [{ description: 'Hybride warmtepomp', status: 'invoice', daysAgo: 66 }],
    },
    {
      fullname: 'Bert Wolters',
      email: 'bert.wolters@gmail.com',
      phone: '06-88990011',
      at: a('Markt', '4', '7731 DB', 'Ommen', 52.52142, 6.42087),
      flows: [{ description: '12 zonnepanelen + omvormer', status: 'new', daysAgo: 5 }],
    },
    {
      fullname: 'Greetje Huisman',
      email: 'greetje.huisman@planet.nl',
      phone: '0598-612233',
      leadSource: 'Beurs',
      at: a('Museumplein', '10', '9641 AD', 'Veendam', 53.10558, 6.87934),
      flows: [{ description: 'Spouwmuurisolatie', status: 'confirmation', daysAgo: 26 }],
    },
    {
      fullname: 'Harm Prins',
      email: 'harm.prins@kpnmail.nl',
      phone: '0597-412233',
      at: a('Langestraat', '41', '9671 PC', 'Winschoten', 53.14361, 7.03452),
      flows: [
        { description: '16 zonnepanelen + omvormer', status: 'project', daysAgo: 52, tags: ['Subsidie'] },
      ],
    },
    {
      fullname: 'Wietske de Boer',
      email: 'wietske.deboer@ziggo.nl',
      phone: '06-99001122',
      at: a('Brink', '12', '9301 JK', 'Roden', 53.13831, 6.42011),
      flows: [{ description: 'Laadpaal oprit', status: 'unread', daysAgo: 0 }],
    },
    {
      fullname: 'Frank Vos',
      email: 'frank.vos@gmail.com',
      phone: '06-10203040',
      leadSource: 'Vergelijkingssite',
      at: a('Kerkstraat', '5', '7741 JA', 'Coevorden', 52.66121, 6.74203),
      flows: [{ description: 'Thuisbatterij 15 kWh', status: 'cancelled', daysAgo: 44 }],
    },
    {
      fullname: 'Aaltje Kok',
      email: 'aaltje.kok@home.nl',
      phone: '0596-612244',
      at: a('Landstraat', '27', '9934 AV', 'Delfzijl', 53.33012, 6.91841),
      flows: [{ description: '8 zonnepanelen + omvormer', status: 'aftercare', daysAgo: 110 }],
    },
    {
      fullname: 'Thomas Peters',
      email: 'thomas.peters@hotmail.com',
      phone: '06-20304050',
      leadSource: 'Social media',
      at: a('Rijksstraatweg', '120', '9752 BH', 'Haren', 53.17352, 6.60521),
      flows: [{ description: '20 zonnepanelen + thuisbatterij', status: 'quotation', daysAgo: 14 }],
    },
  ],
  organizations: [
    {
      name: 'VvE De Zonnehof',
      email: 'bestuur@vvedezonnehof.nl',
      phone: '050-3112233',
      cocNumber: '40012345',
      at: a('Zonnelaan', '2', '9742 BA', 'Groningen', 53.23941, 6.53672),
      contact: {
        fullname: 'Gerrit van den Heuvel',
        email: 'g.vandenheuvel@vvedezonnehof.nl',
        phone: '06-30405060',
        flows: [
          {
            description: 'Collectieve zonnepanelen VvE (86 stuks)',
            status: 'quotation',
            daysAgo: 24,
            tags: ['VvE'],
          },
        ],
      },
    },
    {
      name: 'VvE Parkzicht Zwolle',
      email: 'info@vveparkzicht.nl',
      phone: '038-4556677',
      cocNumber: '05067891',
      at: a('Wipstrikkerallee', '90', '8023 DW', 'Zwolle', 52.52571, 6.11354),
      contact: {
        fullname: 'Ingrid Schouten',
        email: 'ingrid.schouten@vveparkzicht.nl',
        phone: '06-40506070',
        flows: [
          { description: 'Laadpalen parkeerterrein (6 stuks)', status: 'intake', daysAgo: 11, tags: ['VvE'] },
        ],
      },
    },
    {
      name: 'Melkveebedrijf Hoekstra',
      email: 'info@melkveebedrijfhoekstra.nl',
      phone: '0515-331122',
      cocNumber: '01098765',
      at: a('Tsjerkebuorren', '15', '8731 AT', 'Wommels', 53.11241, 5.58713),
      contact: {
        fullname: 'Durk Hoekstra',
        email: 'durk@melkveebedrijfhoekstra.nl',
        phone: '06-50607080',
        flows: [
          {
            description: '120 zonnepanelen op ligboxenstal',
            status: 'project',
            daysAgo: 58,
            tags: ['Zakelijk', 'Subsidie'],
          },
        ],
      },
    },
    {
      name: 'Bakkerij Van der Meer',
      email: 'bestellen@bakkerijvandermeer.nl',
      phone: '0512-521133',
      cocNumber: '01054321',
      at: a('Noordkade', '40', '9203 CE', 'Drachten', 53.10721, 6.09511),
      contact: {
        fullname: 'Klaas van der Meer',
        email: 'klaas@bakkerijvandermeer.nl',
        phone: '06-60708090',
        flows: [
          {
            description: '40 zonnepanelen + energiemanagement',
            status: 'confirmation',
            daysAgo: 31,
            tags: ['Zakelijk'],
          },
        ],
      },
    },
    {
      name: 'Autobedrijf Dijkstra B.V.',
      email: 'info@autodijkstra.nl',
      phone: '058-2881122',
      cocNumber: '01076543',
      at: a('Orionweg', '14', '8938 AG', 'Leeuwarden', 53.18952, 5.82241),
      contact: {
        fullname: 'Jelle Dijkstra',
        email: 'jelle@autodijkstra.nl',
        phone: '06-70809010',
        flows: [
          {
            description: 'Snellaadpunt showroom + 60 zonnepanelen',
            status: 'invoice',
            daysAgo: 80,
            tags: ['Zakelijk'],
          },
        ],
      },
    },
    {
      name: 'Camping De Vechtstreek',
      email: 'info@campingdevechtstreek.nl',
      phone: '0529-451122',
      cocNumber: '05043210',
      at: a('Besthmenerberg', '3', '7731 RA', 'Ommen', 52.53351, 6.38742),
      contact: {
        fullname: 'Marieke Bosch',
        email: 'marieke@campingdevechtstreek.nl',
        phone: '06-80901020',
        flows: [{ description: 'Zonnepanelen op sanitairgebouw', status: 'completed', daysAgo: 300 }],
      },
    },
    {
      name: 'Tuincentrum Groenrijk Assen',
      email: 'assen@groenrijk-voorbeeld.nl',
      phone: '0592-401122',
      cocNumber: '04032109',
      at: a('Industrieweg', '28', '9402 NR', 'Assen', 53.00612, 6.54021),
      contact: {
        fullname: 'Hendrik Oosting',
        email: 'h.oosting@groenrijk-voorbeeld.nl',
        phone: '06-91020304',
        flows: [
          {
            description: 'Thuisbatterij 30 kWh bedrijfspand',
            status: 'cancelled',
            daysAgo: 90,
            tags: ['Zakelijk'],
          },
        ],
      },
    },
    {
      name: 'Stichting Dorpshuis De Schakel',
      email: 'bestuur@dorpshuisdeschakel.nl',
      phone: '050-5011223',
      cocNumber: '41023456',
      at: a('Hereweg', '6', '9301 JA', 'Roden', 53.13711, 6.42312),
      contact: {
        fullname: 'Annemiek Wolters',
        email: 'annemiek@dorpshuisdeschakel.nl',
        phone: '06-12312312',
        flows: [{ description: '30 zonnepanelen dorpshuis', status: 'new', daysAgo: 6 }],
      },
    },
  ],
};

/** Warmtepomp Totaal Twente: heat pumps and insulation in Twente. */
const WARMTEPOMP_TOTAAL: DemoCrmCompany = {
  company: 'Warmtepomp Totaal Twente',
  enteredBy: 'eva@warmtepomptotaal.nl',
  salesUser: 'eva@warmtepomptotaal.nl',
  projectUsers: [],
  relations: [
    {
      fullname: 'Bernard Nijhuis',
      email: 'b.nijhuis@ziggo.nl',
      phone: '053-4301122',
      at: a('Oldenzaalsestraat', '71', '7511 DZ', 'Enschede', 52.22371, 6.90412),
      flows: [{ description: 'Hybride warmtepomp', status: 'new', daysAgo: 2 }],
    },
    {
      fullname: 'Monique Haverkamp',
      email: 'monique.haverkamp@gmail.com',
      phone: '06-21436587',
      leadSource: 'Vergelijkingssite',
      at: a('Deurningerstraat', '140', '7514 BR', 'Enschede', 52.23092, 6.88311),
      flows: [{ description: 'Lucht/water-warmtepomp 8 kW', status: 'intake', daysAgo: 10 }],
    },
    {
      fullname: 'Gerrit Wessels',
      email: 'gerrit.wessels@kpnmail.nl',
      phone: '074-2501122',
      at: a('Enschedesestraat', '23', '7551 EG', 'Hengelo', 52.26251, 6.79634),
      flows: [{ description: 'Spouwmuurisolatie + vloerisolatie', status: 'quotation', daysAgo: 19 }],
    },
    {
      fullname: 'Ria ten Brinke',
      email: 'ria.tenbrinke@home.nl',
      phone: '074-2912233',
      at: a('Deldenerstraat', '55', '7551 AE', 'Hengelo', 52.26592, 6.79011),
      flows: [{ description: 'Hybride warmtepomp', status: 'confirmation', daysAgo: 27 }],
    },
    {
      fullname: 'Stefan Roelofs',
      email: 'stefan.roelofs@gmail.com',
      phone: '06-32547698',
      leadSource: 'Doorverwijzing',
      at: a('Grotestraat', '88', '7607 CS', 'Almelo', 52.35621, 6.66312),
      flows: [{ description: 'Bodemwarmtepomp nieuwbouw', status: 'project', daysAgo: 50 }],
    },
    {
      fullname: 'Anja Kamphuis',
      email: 'anja.kamphuis@ziggo.nl',
      phone: '0546-812233',
      at: a('Wierdensestraat', '14', '7607 GH', 'Almelo', 52.35232, 6.65344),
      flows: [{ description: 'Lucht/water-warmtepomp 6 kW + boilervat', status: 'invoice', daysAgo: 64 }],
    },
    {
      fullname: 'Theo Oude Luttikhuis',
      email: 'theo.oudeluttikhuis@planet.nl',
      phone: '0541-512244',
      at: a('Steenstraat', '9', '7571 BH', 'Oldenzaal', 52.31352, 6.92871),
      flows: [{ description: 'Onderhoud warmtepomp', status: 'aftercare', daysAgo: 130 }],
    },
    {
      fullname: 'Wilma Pierik',
      email: 'wilma.pierik@hotmail.com',
      phone: '074-2661122',
      leadSource: 'Telefonisch',
      at: a('Grotestraat', '36', '7622 GN', 'Borne', 52.30011, 6.75212),
      flows: [{ description: 'Hybride warmtepomp', status: 'completed', daysAgo: 210 }],
    },
    {
      fullname: 'Jeroen Lansink',
      email: 'jeroen.lansink@gmail.com',
      phone: '06-43658709',
      at: a('Markt', '3', '7481 HS', 'Haaksbergen', 52.15612, 6.73892),
      flows: [{ description: 'Vloerisolatie', status: 'cancelled', daysAgo: 40 }],
    },
    {
      fullname: 'Hilde Morsink',
      email: 'hilde.morsink@kpnmail.nl',
      phone: '053-5381122',
      at: a('Gronausestraat', '12', '7581 CM', 'Losser', 52.26091, 7.00412),
      flows: [{ description: 'Lucht/water-warmtepomp 10 kW', status: 'unread', daysAgo: 0 }],
    },
  ],
  organizations: [],
};

export const CRM_DEMO: DemoCrmCompany[] = [ZONNESTROOM, WARMTEPOMP_TOTAAL];
