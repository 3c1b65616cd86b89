/** Flow (dossier) statuses in their order (spec 001 section 4); 'lead' stands for new or unread. */
export const FLOW_STATUSES = [
  'unread',
  'new',
  'intake',
  'quotation',
  'confirmation',
  'project',
  'invoice',
  'aftercare',
  'completed',
  'cancelled',
] as const;
export type FlowStatus = (typeof FLOW_STATUSES)[number];

/** The stages a flow passes; `new` is the lead stage (Aanvraag). */
export const FLOW_STAGES = [
  'new',
  'intake',
  'quotation',
  'confirmation',
  'project',
  'invoice',
  'aftercare',
] as const;
export type FlowStage = (typeof FLOW_STAGES)[number];

/** Spec 000 section 9 "Flow stages". */
export const FLOW_STAGE_LABELS: Record<FlowStage | 'algemeen', string> = {
  new: 'Aanvraag',
  intake: 'Opname',
  quotation: 'Offerte',
  confirmation: 'Opdracht',
  project: 'Uitvoering',
  invoice: 'Factuur',
  aftercare: 'Service',
  algemeen: 'Algemeen',
};

export const FLOW_STATUS_LABELS: Record<FlowStatus, string> = {
  unread: 'Ongelezen',
  new: 'Lead',
  intake: 'Opname',
  quotation: 'Offerte',
  confirmation: 'Opdracht',
  project: 'Uitvoering',
  invoice: 'Factuur',
  aftercare: 'Service',
  completed: 'Afgerond',
  cancelled: 'Geannuleerd',
};

/** Filter options of the flow overview (spec 001 section 2). */
export const FLOW_STATUS_FILTERS = [...FLOW_STATUSES, 'all'] as const;
export type FlowStatusFilter = (typeof FLOW_STATUS_FILTERS)[number];

/** The statuses a status value stands for: 'lead' is new or unread, 'all' is every status. */
export function expandFlowStatus(value: string): FlowStatus[] {
  if (value === 'lead') return ['new', 'unread'];
  if (value === 'all') return [...FLOW_STATUSES];
  return (FLOW_STATUSES as readonly string[]).includes(value) ? [value as FlowStatus] : [];
}

/** The stage of a status, for stage blocks; unread is the lead stage; completed/cancelled have none. */
export function stageOf(status: FlowStatus): FlowStage | null {
  if (status === 'unread' || status === 'new') return 'new';
  return (FLOW_STAGES as readonly string[]).includes(status) ? (status as FlowStage) : null;
}

export type StageBlockState = 'completed' | 'active' | 'inactive';

/** A stage block shows completed, active or inactive by comparison with the current status. */
export function stageBlockState(stage: FlowStage, status: FlowStatus): StageBlockState {
  if (status === 'cancelled') return 'inactive';
  if (status === 'completed') return 'completed';
  const current = FLOW_STAGES.indexOf(stageOf(status)!);
  const index = FLOW_STAGES.indexOf(stage);
  if (index < current) return 'completed';
  return index === current ? 'active' : 'inactive';
}

/** Default sub-statuses per stage (spec 001 section 4), each company's starting flow phases. */
export const DEFAULT_FLOW_PHASES: Record<FlowStage, readonly string[]> = {
  new: ['Ongelezen', 'Eerste contact maken', 'Nabellen', 'Afspraak gemaakt', 'On hold'],
  intake: ['Inplannen', 'Opname ingepland', 'Uitwerken opname', 'Nabellen', 'Opname afgerond', 'On hold'],
  quotation: [
    'Maken offerte',
    'Draft',
    'Offerte verstuurd',
    'Nagebeld',
    'Nieuwe versie maken',
    'Offerte goedgekeurd',
    'Offerte afgekeurd',
    'On hold',
  ],
  confirmation: [
    'Maken opdrachtbevestiging',
    'Draft',
    'opdrachtbevestiging verstuurd',
    'Nieuwe versie maken',
    'On hold',
  ],
  project: [
    'Inplannen',
    'Situatie opnemen',
    'Werkzaamheden ingepland',
    'Uitvoeren',
    'Actie nodig',
    'Werkzaamheden afgerond',
    'On hold',
  ],
  invoice: [
    'Maken factuur',
    'Draft',
    'Factuur verstuurd',
    'Nagebeld',
    'Nieuwe versie maken',
    'Deel betaling gedaan',
    'Betaald',
    'Oninbaar',
    'On hold',
  ],
  aftercare: [
    'Klacht ontvangen',
    'Klacht afgehandeld',
    'Referentie ontvangen',
    'Email sturen',
    'Klanttevredenheid onderzoek sturen',
    'On hold',
  ],
};

/** Relation status bar (spec 001 section 4): steps with their sub-status label, and bar order. */
export const STATUS_BAR_STEPS = [
  { status: 'new', label: 'Eerste contact maken' },
  { status: 'intake', label: 'Inplannen opname' },
  { status: 'quotation', label: 'Maken offerte' },
  { status: 'project', label: 'Inplannen werkzaamheden' },
  { status: 'invoice', label: 'Maken factuur' },
  { status: 'completed', label: 'Afgerond' },
] as const;

export const STATUS_BAR_ORDER: Record<string, number> = {
  new: 1,
  unread: 1,
  intake: 2,
  quotation: 3,
  // The bar has no confirmation step: a confirmed flow has passed quotation and not reached project.
  confirmation: 3.5,
  project: 4,
  invoice: 5,
  aftercare: 6,
  completed: 7,
};

export type StatusBarStepState = 'done' | 'active' | 'todo';

/** State of each status-bar step for a flow status; cancelled is shown separately (null). */
export function statusBarStates(status: FlowStatus): StatusBarStepState[] | null {
  if (status === 'cancelled') return null;
  const current = STATUS_BAR_ORDER[status] ?? 1;
  return STATUS_BAR_STEPS.map((step) => {
    const order = STATUS_BAR_ORDER[step.status]!;
    if (order < current) return 'done';
    return order === current ? 'active' : 'todo';
  });
}

export const DEFAULT_LEAD_SOURCE = 'Eigen website';
export const DEFAULT_COUNTRY = 'Nederland';
export const DEFAULT_LEAD_SOURCES = [
  'Eigen website',
  'Telefonisch',
  'E-mail',
  'Beurs',
  'Doorverwijzing',
  'Vergelijkingssite',
  'Social media',
  'Bestaande klant',
];
export const DEFAULT_FLOW_TAGS = ['Subsidie', 'Spoed', 'Zakelijk', 'Particulier', 'VvE'];
export const DEFAULT_CANCEL_REASONS = [
  'Te duur',
  'Gekozen voor andere partij',
  'Technisch niet mogelijk',
  'Geen reactie meer',
  'Project uitgesteld',
];

export const FLOW_DELETE_BLOCKED = 'Aanvraag kan niet worden verwijderd omdat er al facturen zijn verstuurd.';
export const FLOW_CANCEL_BLOCKED = 'Aanvraag kan niet worden geannuleerd, omdat er verstuurde facturen zijn.';
export const RELATION_DELETE_BLOCKED =
  'Relatie kan niet worden verwijderd omdat er al facturen zijn verstuurd.';
export const MERGE_FLOW_CONFIRM =
  'Dit zal dit dossier samen voegen met het geselecteerde dossier. Dit dossier is daarna niet meer toegankelijk. Doorgaan?';
export const NO_SEARCH_RESULTS = 'Geen resultaten gevonden';
export const SEARCH_MIN_CHARS = 3;
export const SEARCH_DEBOUNCE_MS = 750;
export const PIPELINE_LIMIT_OPTIONS = [100, 250, 500, 1000, 2500, 100000] as const;
export const PIPELINE_DEFAULT_LIMIT = 100;
/** The pipeline's 10 sort options (spec 001 section 9); the default is index 4, flowstage_asc. */
export const PIPELINE_SORT_OPTIONS = [
  'updated_desc',
  'updated_asc',
  'created_desc',
  'created_asc',
  'flowstage_asc',
  'flowstage_desc',
  'turnover_desc',
  'turnover_asc',
  'name_asc',
  'name_desc',
] as const;
export type PipelineSort = (typeof PIPELINE_SORT_OPTIONS)[number];
export const PIPELINE_DEFAULT_SORT: PipelineSort = PIPELINE_SORT_OPTIONS[4];
/** The pipeline's columns in board order; the lead column holds new and unread flows. */
export const PIPELINE_COLUMNS: readonly { flow_status: FlowStatus; statuses: readonly FlowStatus[] }[] = [
  { flow_status: 'new', statuses: ['new', 'unread'] },
  { flow_status: 'intake', statuses: ['intake'] },
  { flow_status: 'quotation', statuses: ['quotation'] },
  { flow_status: 'confirmation', statuses: ['confirmation'] },
  { flow_status: 'project', statuses: ['project'] },
  { flow_status: 'invoice', statuses: ['invoice'] },
  { flow_status: 'aftercare', statuses: ['aftercare'] },
  { flow_status: 'completed', statuses: ['completed'] },
  { flow_status: 'cancelled', statuses: ['cancelled'] },
];
