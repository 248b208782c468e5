export { useSectionMutations, useSections } from './api';
