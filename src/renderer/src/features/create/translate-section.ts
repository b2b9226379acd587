import type { TranslateForm as Form } from './request-builders.js';
import type { FieldErrors } from './validation.js';

/** What each section of the translate form reads and writes: the form's values, a setter of one, and the API's errors. */
export interface TranslateSectionProps {
  form: Form;
  set<K extends keyof Form>(key: K, value: Form[K]): void;
  errors: FieldErrors;
}
