// The user's dashboard (spec 000 sections 4 and 9, spec 001 sections 7 and 9): which widgets a dashboard
// type shows, the statistic boxes (types, periods, themes) with their date ranges in Amsterdam, and the
// filters the widgets open with. One place for server and screen.
import { TZDate } from '@date-fns/tz';
import {
  endOfMonth,
  endOfWeek,
  endOfYear,
  startOfMonth,
  startOfWeek,
  startOfYear,
  subMonths,
  subWeeks,
  subYears,
} from 'date-fns';
import { BUSINESS_TIME_ZONE } from '../planning/rules';
import type { UserType } from '../user-types';

/** Spec 000 section 9: the dashboard types; the empty tag is Standaard. */
export const DASHBOARD_USECASES = ['standard', 'sales', 'project'] as const;
export type DashboardUsecase = (typeof DASHBOARD_USECASES)[number];
export const DASHBOARD_USECASE_LABELS: Record<DashboardUsecase, string> = {
  standard: 'Standaard',
  sales: 'Verkoop',
  project: 'Uitvoering',
};

/** Spec 000 section 4: sales and project (and their v1 forms) set the usecase; every other type is standard. */
export function usecaseOfAltDashboard(alt: string): DashboardUsecase {
  if (alt === 'sales' || alt === 'salesv1') return 'sales';
  if (alt === 'project' || alt === 'projectv1') return 'project';
  return 'standard';
}

/** The widgets of a dashboard, in the order they show. */
export const DASHBOARD_WIDGETS = [
  'statistics',
  'leads',
  'tasks',
  'actions',
  'messages',
  'incidents',
  'notifications',
  'notes',
] as const;
export type DashboardWidget = (typeof DASHBOARD_WIDGETS)[number];

/**
 * What each dashboard type shows: the standard one everything, the sales one the work before the order
 * (dossiers, actions, messages), the project one the work after it (tasks, incidents). Modules narrow it
 * further (`dashboardWidgets`).
 */
export const DASHBOARD_LAYOUTS: Record<DashboardUsecase, readonly DashboardWidget[]> = {
  standard: DASHBOARD_WIDGETS,
  sales: ['statistics', 'leads', 'actions', 'messages', 'notifications', 'notes'],
  project: ['statistics', 'tasks', 'incidents', 'actions', 'messages', 'notifications', 'notes'],
};

/** The module a widget's data needs (session flags, spec 000 section 3). */
export const DASHBOARD_WIDGET_MODULES: Record<DashboardWidget, 'BASIS' | 'CRM' | 'SALES'> = {
  statistics: 'CRM',
  leads: 'CRM',
  tasks: 'BASIS',
  actions: 'BASIS',
  messages: 'CRM',
  incidents: 'CRM',
  notifications: 'BASIS',
  notes: 'CRM',
};

/** The widgets a user's dashboard shows, given the type and the company's modules. */
export function dashboardWidgets(
  usecase: DashboardUsecase,
  modules: { BASIS: boolean; CRM: boolean; SALES: boolean },
): DashboardWidget[] {
  return DASHBOARD_LAYOUTS[usecase].filter((w) => modules[DASHBOARD_WIDGET_MODULES[w]]);
}

// ---------------------------------------------------------------- the widgets' filters (spec 001 section 9)

/** Dossiers: without a sent quotation yet (default), waiting for the customer's answer, new, or all open. */
export const DASHBOARD_LEAD_FILTERS = ['unsent', 'sent', 'new', 'all'] as const;
export type DashboardLeadFilter = (typeof DASHBOARD_LEAD_FILTERS)[number];
export const DEFAULT_DASHBOARD_LEAD_FILTER: DashboardLeadFilter = 'unsent';
export const DASHBOARD_LEAD_FILTER_LABELS: Record<DashboardLeadFilter, string> = {
  unsent: 'Offerte te versturen',
  sent: 'Wacht op klant',
  new: 'Nieuw',
  all: 'Alle open',
};
/** The flow statuses a dossier on the dashboard can have: open work before the order. */
export const DASHBOARD_LEAD_STATUSES = ['unread', 'new', 'intake', 'quotation'] as const;
/** 'Nieuw': the lead statuses (new or unread). */
export const DASHBOARD_NEW_LEAD_STATUSES = ['unread', 'new'] as const;

export const DASHBOARD_TASK_FILTERS = ['unplanned', 'upcoming', 'unfinished'] as const;
export type DashboardTaskFilter = (typeof DASHBOARD_TASK_FILTERS)[number];
export const DEFAULT_DASHBOARD_TASK_FILTER: DashboardTaskFilter = 'unplanned';

/** Messages: of the flows the user handles or that are assigned to the user's part (default), or all. */
export const DASHBOARD_MESSAGE_FILTERS = ['allforme', 'all'] as const;
export type DashboardMessageFilter = (typeof DASHBOARD_MESSAGE_FILTERS)[number];
export const DEFAULT_DASHBOARD_MESSAGE_FILTER: DashboardMessageFilter = 'allforme';
export const DASHBOARD_MESSAGE_FILTER_LABELS: Record<DashboardMessageFilter, string> = {
  allforme: 'Voor mij',
  all: 'Alle',
};

/** Spec 001 section 9: the incident widget opens on the open ones. */
export const DEFAULT_DASHBOARD_INCIDENT_FILTER = 'open' as const;

/** Lists on the dashboard grow by 5 at a time or show all (spec 001 section 9). */
export const DASHBOARD_LIST_STEP = 5;
export const DASHBOARD_LIST_ALL = 99_999;

// ---------------------------------------------------------------- statistic boxes (spec 000 sections 3 and 9)

export const STATISTIC_TYPES = [
  'revenue_exc',
  'revenue_inc',
  'quotations_sent',
  'quotations_sent_own',
  'quotations_approved',
  'quotations_approved_own',
  'confirmations_sent',
  'intakes_completed',
  'projects_completed',
  'aftercare_completed',
] as const;
export type StatisticType = (typeof STATISTIC_TYPES)[number];
export const STATISTIC_TYPE_LABELS: Record<StatisticType, string> = {
  revenue_exc: 'Omzet exclusief BTW',
  revenue_inc: 'Omzet inclusief BTW',
  quotations_sent: 'Verstuurde offertes',
  quotations_sent_own: 'Verstuurde offertes (eigen)',
  quotations_approved: 'Goedgekeurde offertes',
  quotations_approved_own: 'Goedgekeurde offertes (eigen)',
  confirmations_sent: 'Verstuurde opdrachtbevestigingen',
  intakes_completed: 'Afgeronde opnames',
  projects_completed: 'Afgeronde uitvoeringen',
  aftercare_completed: 'Afgeronde serviceafspraken',
};
/** Revenue is money (euros, to the cent); the other types count. */
export function isMoneyStatistic(type: StatisticType): boolean {
  return type === 'revenue_exc' || type === 'revenue_inc';
}

export const STATISTIC_PERIODS = [
  'thisWeek',
  'lastWeek',
  'thisMonth',
  'lastMonth',
  'thisYear',
  'lastYear',
  'thisMonthLastYear',
  'lastMonthLastYear',
] as const;
export type StatisticPeriod = (typeof STATISTIC_PERIODS)[number];
export const STATISTIC_PERIOD_LABELS: Record<StatisticPeriod, string> = {
  thisWeek: 'Deze week',
  lastWeek: 'Vorige week',
  thisMonth: 'Deze maand',
  lastMonth: 'Vorige maand',
  thisYear: 'Dit jaar',
  lastYear: 'Vorig jaar',
  thisMonthLastYear: 'Deze maand vorig jaar',
  lastMonthLastYear: 'Vorige maand vorig jaar',
};

export const STATBOX_THEMES = [
  'primary',
  'light',
  'info',
  'danger',
  'warning',
  'success',
  'green',
  'purple',
] as const;
export type StatboxTheme = (typeof STATBOX_THEMES)[number];
export const STATBOX_THEME_LABELS: Record<StatboxTheme, string> = {
  primary: 'Primair',
  light: 'Licht',
  info: 'Info',
  danger: 'Rood',
  warning: 'Oranje',
  success: 'Succes',
  green: 'Groen',
  purple: 'Paars',
};

/** At most this many boxes on a dashboard. */
export const MAX_STATBOXES = 12;

export interface Statbox {
  widget_type: 'statbox';
  type: StatisticType;
  period1: StatisticPeriod;
  period2: StatisticPeriod | null;
  period3: StatisticPeriod | null;
  theme: StatboxTheme;
  /** Shown to users of this user type only; null: to everyone. */
  userType: UserType | null;
}

/** The boxes a company starts with until someone changes them. */
export const DEFAULT_STATBOXES: Statbox[] = [
  {
    widget_type: 'statbox',
    type: 'revenue_exc',
    period1: 'thisMonth',
    period2: 'lastMonth',
    period3: 'thisMonthLastYear',
    theme: 'primary',
    userType: null,
  },
  {
    widget_type: 'statbox',
    type: 'quotations_sent',
    period1: 'thisWeek',
    period2: 'thisMonth',
    period3: 'lastMonth',
    theme: 'info',
    userType: null,
  },
  {
    widget_type: 'statbox',
    type: 'quotations_approved',
    period1: 'thisWeek',
    period2: 'thisMonth',
    period3: 'lastMonth',
    theme: 'success',
    userType: null,
  },
  {
    widget_type: 'statbox',
    type: 'projects_completed',
    period1: 'thisWeek',
    period2: 'thisMonth',
    period3: 'thisYear',
    theme: 'green',
    userType: null,
  },
];

/** The statboxes a user sees: those for everyone and those for the user's type. */
export function statboxesFor(boxes: readonly Statbox[], userType: string): Statbox[] {
  return boxes.filter((b) => b.userType === null || b.userType === userType);
}

export interface PeriodRange {
  /** Inclusive, an instant. */
  from: Date;
  /** Exclusive, an instant. */
  to: Date;
  /** The Amsterdam days, inclusive (yyyy-mm-dd), for columns that hold a day. */
  fromDay: string;
  toDay: string;
}

function day(d: Date): string {
  return new TZDate(d.getTime(), BUSINESS_TIME_ZONE).toISOString().slice(0, 10);
}

/**
 * The period's range in Amsterdam time: weeks start on Monday; "this" periods run to their end (a box
 * shows the period so far, later days hold nothing yet).
 */
export function statisticPeriodRange(period: StatisticPeriod, now: Date): PeriodRange {
  const local = new TZDate(now.getTime(), BUSINESS_TIME_ZONE);
  const week = { weekStartsOn: 1 as const };
  let start: Date;
  let end: Date;
  switch (period) {
    case 'thisWeek':
      start = startOfWeek(local, week);
      end = endOfWeek(local, week);
      break;
    case 'lastWeek':
      start = startOfWeek(subWeeks(local, 1), week);
      end = endOfWeek(subWeeks(local, 1), week);
      break;
    case 'thisMonth':
      start = startOfMonth(local);
      end = endOfMonth(local);
      break;
    case 'lastMonth':
      start = startOfMonth(subMonths(local, 1));
      end = endOfMonth(subMonths(local, 1));
      break;
    case 'thisYear':
      start = startOfYear(local);
      end = endOfYear(local);
      break;
    case 'lastYear':
      start = startOfYear(subYears(local, 1));
      end = endOfYear(subYears(local, 1));
      break;
    case 'thisMonthLastYear':
      start = startOfMonth(subYears(local, 1));
      end = endOfMonth(subYears(local, 1));
      break;
    case 'lastMonthLastYear':
      start = startOfMonth(subMonths(subYears(local, 1), 1));
      end = endOfMonth(subMonths(subYears(local, 1), 1));
      break;
  }
  const to = new Date(end.getTime() + 1);
  return { from: new Date(start.getTime()), to, fromDay: day(start), toDay: day(end) };
}
