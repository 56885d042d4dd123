/**
 * What the other parts of review read and write of the remembered conflicts (conflicts/repo.ts):
 * allocation saves a manager's decision or a reviewer's declaration and forgets one; the rule
 * (rule.ts) reads them with the finder's suggestions.
 */
export { storedConflicts, saveConflict, deleteConflict, type StoredConflict } from './repo';
