// The calculations feature's public entry: what higher features use (decision 047). Its routes: routes.ts.
export {
  copyCalculation,
  createCalculation,
  markCalculationSent,
  replaceCalculationLines,
} from './calculation-actions';
export { recalculate } from './calculation-dto';
export { createItem } from './calculation-items';
export { insertCopies, itemRecords } from './copy-items';
export { dossierCalculationFor } from './dossier-calculations';
