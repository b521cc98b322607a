// The remotes' one lint config, from @ajo/tooling: the same here and in a team's own repository.
import { remoteLintConfig } from '@ajo/tooling/eslint-remote';

export default remoteLintConfig({ dir: import.meta.dirname });
