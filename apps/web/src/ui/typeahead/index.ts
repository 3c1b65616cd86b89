export {
  createOrganizationFromName,
  createRelationFromName,
  type OrganizationOption,
  OrganizationTypeahead,
  type RelationOption,
  RelationTypeahead,
  searchOrganizations,
  searchRelations,
} from './entity-typeaheads';
export { PickEntityForm, type PickFieldProps, type PickSaveCallbacks } from './pick-entity-form';
export { isSearchable, TYPEAHEAD_DEBOUNCE_MS, Typeahead, type TypeaheadProps } from './typeahead';
