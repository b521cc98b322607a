// The reference makes `*.module.css` imports type-check in consumers too: an ambient .d.ts is
// otherwise only seen by this package's own tsconfig, and a wildcard module cannot be `import`ed.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../css-modules.d.ts" />
// @ajo/shared/ui: the accessible UI kit. Styles: CSS Modules on the host's design tokens
// (see tokens.md). No react-router dependency: links and navigation stay with the apps.
// Modal, Tabs, Stepper, SearchableSelect and Accordion are entries of their own
// (`@ajo/shared/ui/<name>`): webpack ships every export of a shared module, and most pages use none
// of them (docs/decisions/017-compressed-and-budgeted-first-pages.md).
export { Button } from './button';
export type { ButtonProps, ButtonVariant } from './button';
export { TextField } from './text-field';
export type { TextFieldProps } from './text-field';
export { Checkbox } from './checkbox';
export type { CheckboxProps } from './checkbox';
export { Select } from './select';
export type { SelectOption, SelectProps } from './select';
export { Spinner } from './spinner';
export type { SpinnerProps } from './spinner';
export { Badge } from './badge';
export type { BadgeProps, BadgeTone } from './badge';
export { VisuallyHidden } from './visually-hidden';
export { ErrorFallback } from './error-fallback';
export { Screen } from './screen';
