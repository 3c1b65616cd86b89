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
export { registerFieldImportJob } from './field-import.job';
export { computeValues, createItem, listItems, setItemStatus, updateItemValues } from './flow-data-items';
export { createIntake, requireIntake, updateIntake } from './intakes';
export { attachToProject, PROJECT_OWNER } from './project-attachments';
export { createProject, requireProject, updateProject } from './projects';
export { type FlowForms, flowFormsForDocuments, formPhotos } from './render-forms';
export { syncCalculationsWithForms } from './sync-calculations';
export { createField, createVertical, loadFields, serializeField } from './verticals';
