import { zodResolver } from '@hookform/resolvers/zod';

import { installSchemaMessages } from '#contract/schema-messages.ts';

// Every form's resolver comes from here, so the spec's schema messages ('Required', 'Invalid
// email', …) are zod's before any form validates: zod is not part of the first load, and this
// module is where the client starts to use it (decision 150).
installSchemaMessages();

export { zodResolver };
