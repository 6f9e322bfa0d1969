import './index.css';

import { bootstrap } from './app/bootstrap.ts';
import { startApp } from './app/start.tsx';

const { session } = bootstrap();
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
void startApp(container, session);
