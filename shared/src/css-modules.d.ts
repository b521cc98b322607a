// The CSS Modules declaration of every web package lives in @ajo/tooling. This file stays so that
// ui/index.ts's reference (which lets consumers type-check the kit's `*.module.css` imports) finds it.
/// <reference types="@ajo/tooling/css-modules" />
