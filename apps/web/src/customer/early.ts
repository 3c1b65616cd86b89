// Inlined into customer.html's head by build/inline-scripts.ts (a classic script, run before the
// page's modules have loaded): the page's first read starts at once.
import { startFirstRead } from './first-read';

startFirstRead();
