import type { CalculationItem, ItemResult } from '@im/domain';
import type { CSSProperties, ReactNode } from 'react';
import type { DraftField } from './line-drafts';

export interface LineHandlers {
  onDraft: (id: number, field: DraftField, text: string) => void;
  onCommit: (item: CalculationItem, field: DraftField) => void;
  onVat: (item: CalculationItem, rate: number) => void;
  onAction: (item: CalculationItem, action: 'duplicate' | 'split' | 'switchselection' | 'delete') => void;
  /** A sub-line under this line (per unit of it), or a line under a header. */
  onAddSub: (item: CalculationItem) => void;
  onAdditionalWork: (item: CalculationItem) => void;
  onReorder: (ordered: CalculationItem[]) => void;
}

/** The props of one line, in the table or as a card. */
export interface LineProps extends Omit<LineHandlers, 'onReorder'> {
  item: CalculationItem;
  result: ItemResult | undefined;
  draft: Record<string, string | undefined>;
  isReadOnly?: boolean;
}

/** The pieces of one line that the table row and the phone's card lay out each in their own way. */
export interface LineParts {
  item: CalculationItem;
  /** The sortable element and its drag style. */
  setNodeRef: (element: HTMLElement | null) => void;
  style: CSSProperties;
  /** The drag handle; none when read-only. */
  handle: ReactNode;
  /** The 'selected' checkbox; none on a header. */
  check: ReactNode;
  /** An inline field of the line. */
  field: (name: DraftField, value: string, label: string, left?: string) => ReactNode;
  /** The size fields of a matrix price and the line's remarks, under its description. */
  note: ReactNode;
  vat: ReactNode;
  total: ReactNode;
  /** The actions menu; none when read-only. */
  menu: ReactNode;
  /** The rate as entered, exclusive or inclusive of VAT, with its label. */
  rate: number;
  isIncRate: boolean;
  rateLabel: string;
}
