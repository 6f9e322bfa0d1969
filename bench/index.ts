// `npm run bench`: prints figures, never passes or fails. Each benchmark is a module in bench/.
import { runBlockingBench } from './blocking.ts';
import { runCatalogueBench } from './catalogue.ts';
import { runImportsBench } from './imports.ts';
import { runLinksBench } from './links.ts';
import { runLoadBench } from './load.ts';
import { runOrdersBench } from './orders.ts';
import { runProcessesBench } from './processes.ts';
import { runStartupBench } from './startup.ts';
import { runWebBench } from './web.ts';

const only = process.argv[2];
const benches: Record<string, () => Promise<void>> = {
  startup: runStartupBench,
  catalogue: runCatalogueBench,
  orders: runOrdersBench,
  imports: runImportsBench,
  blocking: runBlockingBench,
  web: runWebBench,
  links: runLinksBench,
  load: runLoadBench,
  processes: runProcessesBench,
};

for (const [name, run] of Object.entries(benches)) {
  if (only && only !== name) continue;
  console.log(`\n## ${name}`);
  await run();
}
