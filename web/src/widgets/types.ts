import type { DashboardReport } from '../../../client/src/index.js';

export type Dashboard = DashboardReport['data'];
