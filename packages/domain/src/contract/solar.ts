// The calls of spec 002 section 7 "Integrations on flow data items" (decision 071): Quickr and Glbl act on one
// flow data item and answer the item's fields under the spec's names. No answer carries a password or key.
import { z } from 'zod';
import { GLBL_STATUSES } from '../integrations';
import { zId } from './common';

export const zFlowDataItemRef = z.object({ flowDataItemId: zId }).strict();
export type FlowDataItemRef = z.infer<typeof zFlowDataItemRef>;

/** Linking Quickr: the company's Quickr account. */
export const zQuickrLink = z
  .object({
    username: z.string().trim().min(1, 'Vul de gebruikersnaam in.').max(200),
    password: z.string().min(1, 'Vul het wachtwoord in.').max(500),
  })
  .strict();
export type QuickrLink = z.infer<typeof zQuickrLink>;

/** Linking Glbl: the API key made in the company's Glbl account. */
export const zGlblLink = z
  .object({ api_key: z.string().trim().min(8, 'Vul de API-sleutel in.').max(2000) })
  .strict();
export type GlblLink = z.infer<typeof zGlblLink>;

const num = z.number().nullable();
const str = z.string().nullable();

/** The Quickr fields of a flow data item (spec 002 section 7); null until a call filled them. */
export const zQuickrResult = z.object({
  flowDataItemId: z.number().int(),
  quickrRefId: str,
  quickrNrOfPv: num,
  quickrPower: num,
  quickrMaxNrOfPv: num,
  /** The building as PDOK (BAG) knows it, as JSON text. */
  quickrPdok: str,
  quickrPlanUrl: str,
  /** The design's key figures, as JSON text. */
  quickrKeyFigures: str,
  quickrEfficiency: num,
  quickrExpectedOutput: num,
  quickrPvSystem: str,
  quickrPowerPerPV: num,
  quickrDesignId: str,
  quickrDirectUrl: str,
});
export type QuickrResult = z.infer<typeof zQuickrResult>;

/** login: the address that opens Quickr, logged in, at this item's design (spec: "a URL that is opened"). */
export const zQuickrLoginUrl = z.object({ url: z.string() });

/** generatereport / status (spec 002 section 7): glblPDF is the stored PDF's download address. */
export const zGlblResult = z.object({
  flowDataItemId: z.number().int(),
  glblId: str,
  glblStatus: z.enum(GLBL_STATUSES).nullable(),
  glblPDF: str,
  /** The reason Glbl gave when the report failed. */
  glblMessage: str,
});
export type GlblResult = z.infer<typeof zGlblResult>;
