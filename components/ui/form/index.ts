// The form kit: one way to lay out a field, sum up its errors and end a form.
export { Field, FieldError, ApiName } from './Field';
export { firstItemError } from './ErrorSummary';
export { TagsField, SectorsField, SwitchControl, EnabledField } from './Controlled';
export { SubmitBar } from './SubmitBar';
export { withValue } from './with-value';
