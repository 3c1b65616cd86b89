import { zId, zIdParams, zMessage } from '@im/domain';

export { zId, zIdParams, zMessage };

/** A boolean query parameter: `true`/`false` or `1`/`0`. */
