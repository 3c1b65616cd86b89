// Forms (verticals), flow data items, intakes and projects (spec 002; decision 023).
import { registerFlowMergeStep } from '../flows';
import { moveFormsOnMerge } from './flow-data-items';

registerFlowMergeStep(moveFormsOnMerge);

export {
  flowDataItem,
  intake,
  picture,
  project,
  vertical,
  verticalDataField,
} from '../../platform/db/tables/forms.schema';
export { computeValues, listItems } from './flow-data-items';
export { formRoutes } from './forms.routes';
export { syncCalculationsWithForms } from './sync-calculations';
