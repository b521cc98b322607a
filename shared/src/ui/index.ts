// The reference makes `*.module.css` imports type-check in consumers too: an ambient .d.ts is
// otherwise only seen by this package's own tsconfig, and a wildcard module cannot be `import`ed.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../css-modules.d.ts" />
// @ajo/shared/ui: the accessible UI kit. Styles: CSS Modules on the host's design tokens
// (see tokens.md). No react-router dependency: links and navigation stay with the apps.
export { Button } from './button';
export type { ButtonProps, ButtonVariant } from './button';
export { TextField } from './text-field';
export type { TextFieldProps } from './text-field';
export { Checkbox } from './checkbox';
export type { CheckboxProps } from './checkbox';
export { Select } from './select';
export type { SelectOption, SelectProps } from './select';
export { SearchableSelect } from './searchable-select';
export type { SearchableSelectProps } from './searchable-select';
export { Modal } from './modal';
export type { ModalProps } from './modal';
export { Accordion } from './accordion';
export type { AccordionItem, AccordionProps } from './accordion';
export { Tabs } from './tabs';
export type { TabItem, TabsProps } from './tabs';
export { Stepper } from './stepper';
export type { StepperProps } from './stepper';
export { Spinner } from './spinner';
export type { SpinnerProps } from './spinner';
export { Badge } from './badge';
export type { BadgeProps, BadgeTone } from './badge';
export { VisuallyHidden } from './visually-hidden';
export { ErrorFallback } from './error-fallback';
export { Screen } from './screen';
