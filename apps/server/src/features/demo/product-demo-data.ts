// A realistic installer catalogue per demo company (issue "Products, price tables and the calculation
// engine", Demo data): tiers as [from amount, rate on the product's calc base].
import type { ProductFields } from '@im/domain';

type Split = Pick<
  ProductFields,
  'percentage_vat_0' | 'percentage_vat_6' | 'percentage_vat_9' | 'percentage_vat_21'
>;

export interface DemoProduct extends Partial<ProductFields> {
  item_name: string;
  tiers: [number, number][];
  matrix?: { x_label: string; y_label: string; x: number[]; y: number[]; rates: number[][] };
}

export interface DemoStandardCalculation {
  name: string;
  /** [product name, amount]; a string alone is a header line. */
  lines: ([string, number] | string)[];
  discount?: number;
}

export interface DemoCatalogue {
  company: string;
  products: DemoProduct[];
  standards: DemoStandardCalculation[];
  /** How many of the company's flows get a calculation from the first standard calculation. */
  flowsWithCalculation: number;
}

const zero: Split = {
  percentage_vat_0: '100',
  percentage_vat_6: '0',
  percentage_vat_9: '0',
  percentage_vat_21: '0',
};
const labour9: Split = {
  percentage_vat_0: '0',
  percentage_vat_6: '0',
  percentage_vat_9: '100',
  percentage_vat_21: '0',
};
const heatPumpSplit: Split = {
  percentage_vat_0: '0',
  percentage_vat_6: '0',
  percentage_vat_9: '40',
  percentage_vat_21: '60',
};

const SOLAR: DemoProduct[] = [
  {
    item_name: 'Zonnepaneel 410 Wp full black',
    description: 'Monokristallijn zonnepaneel, 410 Wp, 25 jaar productgarantie.',
    ...zero,
    external_reference: 'ZP-410-FB',
    kpi_value: '410',
    kpi_unit: 'Wp',
    tiers: [
      [0, 179],
      [10, 165],
      [20, 155],
    ],
  },
  {
    item_name: 'Zonnepaneel 440 Wp glas-glas',
    description: 'Bifaciaal glas-glas paneel, 440 Wp, 30 jaar garantie.',
    ...zero,
    external_reference: 'ZP-440-GG',
    kpi_value: '440',
    kpi_unit: 'Wp',
    tiers: [
      [0, 209],
      [10, 195],
      [20, 185],
    ],
  },
  {
    item_name: 'Omvormer 3,6 kW',
    description: 'Eénfase string-omvormer met app-monitoring.',
    ...zero,
    external_reference: 'OV-36',
    tiers: [[0, 850]],
  },
  {
    item_name: 'Omvormer 5 kW',
    description: 'Eénfase string-omvormer, 5 kW.',
    ...zero,
    external_reference: 'OV-50',
    tiers: [[0, 1050]],
  },
  {
    item_name: 'Hybride omvormer 8 kW',
    description: 'Driefase hybride omvormer, geschikt voor een thuisbatterij.',
    ...zero,
    external_reference: 'OV-80H',
    tiers: [[0, 2150]],
  },
  {
    item_name: 'Power optimizer',
    description: 'Optimizer per paneel tegen schaduwverlies.',
    ...zero,
    tiers: [
      [0, 59],
      [20, 52],
    ],
  },
  {
    item_name: 'Montagemateriaal schuin dak',
    description: 'Haken, rails en klemmen per paneel.',
    ...zero,
    type: 'derivative',
    tiers: [[0, 38]],
  },
  {
    item_name: 'Montagemateriaal plat dak',
    description: 'Ballast-systeem oost-west per paneel.',
    ...zero,
    type: 'derivative',
    tiers: [[0, 46]],
  },
  {
    item_name: 'Installatie per paneel',
    description: 'Montage en aansluiten, oplopende staffel: de eerste panelen kosten meer werk.',
    ...zero,
    calc_method: 'cumulative',
    tiers: [
      [0, 95],
      [10, 75],
      [20, 60],
    ],
  },
  {
    item_name: 'Meterkast aanpassen',
    description: 'Extra groep met aardlekautomaat in de meterkast.',
    tiers: [[0, 295]],
  },
  {
    item_name: 'Thuisbatterij 10 kWh',
    description: 'Modulaire thuisbatterij, inclusief montage.',
    calc_base: 'inc',
    tiers: [[0, 6495]],
  },
  {
    item_name: 'Laadpaal 11 kW',
    description: 'Slimme laadpaal met vaste kabel, inclusief installatie tot 10 m.',
    calc_base: 'inc',
    tiers: [[0, 1249]],
  },
  {
    item_name: 'Steiger en valbeveiliging',
    description: 'Pakketprijs per staffel van het aantal panelen.',
    calc_method: 'total',
    tiers: [
      [0, 350],
      [15, 450],
      [30, 600],
    ],
  },
  {
    item_name: 'Rolluik op maat',
    description: 'Prijs vanaf het kleinste formaat; de matrix geeft de prijs per breedte en hoogte (mm).',
    tiers: [[0, 289]],
    matrix: {
      x_label: 'breedte',
      y_label: 'hoogte',
      x: [1000, 1500, 2000, 2500],
      y: [1000, 1500, 2000],
      rates: [
        [289, 339, 389, 439],
        [329, 389, 449, 509],
        [369, 439, 509, 579],
      ],
    },
  },
];

const HEAT: DemoProduct[] = [
  {
    item_name: 'Hybride warmtepomp 5 kW',
    description: 'Lucht-water hybride warmtepomp naast de cv-ketel, inclusief plaatsing.',
    calc_base: 'inc',
    ...heatPumpSplit,
    tiers: [[0, 4999]],
  },
  {
    item_name: 'All-electric warmtepomp 8 kW',
    description: 'Lucht-water warmtepomp met 200 l boilervat.',
    calc_base: 'inc',
    ...heatPumpSplit,
    tiers: [[0, 11950]],
  },
  {
    item_name: 'Spouwmuurisolatie',
    description: 'Isolerende parels in de spouw, per m2 muuroppervlak.',
    unit_of_measurement: 'm2',
    ...labour9,
    tiers: [
      [0, 24.5],
      [50, 22.5],
      [100, 20.5],
    ],
  },
  {
    item_name: 'Vloerisolatie',
    description: 'Isolatiefolie of schuim onder de begane grondvloer, per m2.',
    unit_of_measurement: 'm2',
    ...labour9,
    tiers: [
      [0, 32],
      [40, 29.5],
    ],
  },
  {
    item_name: 'Dakisolatie binnenzijde',
    description: 'PIR-platen tegen het dakbeschot, per m2.',
    unit_of_measurement: 'm2',
    ...labour9,
    tiers: [[0, 54]],
  },
  {
    item_name: 'HR++ glas',
    description: 'Isolerend dubbel glas, per m2 glasoppervlak.',
    unit_of_measurement: 'm2',
    tiers: [
      [0, 139],
      [10, 129],
    ],
  },
  {
    item_name: 'Elektrische aansluiting warmtepomp',
    description: 'Eigen groep en werkschakelaar.',
    tiers: [[0, 325]],
  },
  {
    item_name: 'Inregelen en opleveren',
    description: 'Waterzijdig inregelen en uitleg aan de bewoner.',
    unit_of_measurement: 'uur',
    ...labour9,
    tiers: [[0, 68]],
  },
];

export const PRODUCT_DEMO: DemoCatalogue[] = [
  {
    company: 'Zonnestroom Noord B.V.',
    products: SOLAR,
    standards: [
      {
        name: 'Zonnepanelen 10 stuks schuin dak',
        lines: [
          'Zonnestroominstallatie',
          ['Zonnepaneel 410 Wp full black', 10],
          ['Omvormer 3,6 kW', 1],
          ['Montagemateriaal schuin dak', 10],
          ['Installatie per paneel', 10],
          ['Steiger en valbeveiliging', 10],
          'Meerwerk',
          ['Meterkast aanpassen', 1],
        ],
      },
      {
        name: 'Zonnepanelen 20 stuks met batterij',
        lines: [
          ['Zonnepaneel 440 Wp glas-glas', 20],
          ['Hybride omvormer 8 kW', 1],
          ['Thuisbatterij 10 kWh', 1],
          ['Montagemateriaal schuin dak', 20],
          ['Installatie per paneel', 20],
          ['Steiger en valbeveiliging', 20],
        ],
        discount: 5,
      },
    ],
    flowsWithCalculation: 6,
  },
  {
    company: 'Warmtepomp Totaal Twente',
    products: HEAT,
    standards: [
      {
        name: 'Hybride warmtepomp met isolatie',
        lines: [
          ['Hybride warmtepomp 5 kW', 1],
          ['Elektrische aansluiting warmtepomp', 1],
          ['Spouwmuurisolatie', 65],
          ['Inregelen en opleveren', 3],
        ],
      },
    ],
    flowsWithCalculation: 4,
  },
];
