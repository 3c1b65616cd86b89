// Library sets (decision 064): the demo data seeds the platform's standard sets with these.
export { createLibraryItem, createLibrarySet } from './library-sets';
