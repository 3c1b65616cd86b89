// Forms (verticals), flow data items, intakes and projects (spec 002; decision 023).

export {
  flowDataItem,
  intake,
  picture,
  project,
  vertical,
  verticalDataField,
} from '../../platform/db/tables/forms.schema';
export { registerFieldImportJob } from './field-import.job';
export {
  computeValues,
  createItem,
  listItems,
  moveFormsOnMerge,
  setItemStatus,
  updateItemValues,
} from './flow-data-items';
export { createIntake, requireIntake, updateIntake } from './intakes';
export { attachToProject } from './project-attachments';
export { createProject, PROJECT_OWNER, requireProject, updateProject } from './projects';
export { type FlowForms, flowFormsForDocuments, formPhotos } from './render-forms';
export { syncCalculationsWithForms } from './sync-calculations';
export { createField, createVertical, loadFields, serializeField } from './verticals';
