// The parts of rxjs the host and the remotes use, and nothing else. rxjs must be ONE instance on a
// page (one Observable class, docs/architecture.md "Micro-frontends"), so it is reached through
// this federation-shared module; sharing rxjs itself shipped every export (webpack keeps all
// exports of a shared module, it cannot know which ones a remote will call: 17 KB gzip, 82 %
// unused). Lint forbids importing rxjs anywhere else (it would bundle a second copy).
// Add a name here when code needs it; docs/decisions/017-compressed-and-budgeted-first-pages.md.
export { BehaviorSubject, Subject, filter } from 'rxjs';
export type { Observable, Subscription } from 'rxjs';
